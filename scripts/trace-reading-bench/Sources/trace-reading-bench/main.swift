// The trace-reading benchmark (scripts/bench-trace-reading.sh runs it):
//
//   trace-reading-bench generate OUT.json MEGABYTES   a Chrome trace shaped like a DevTools recording
//   trace-reading-bench read TRACE                     reads it once with TraceReader and prints
//                                                      "cpu SECONDS intervals N rss BYTES"
//
// The generated trace is deterministic (a fixed linear congruential sequence): the same size
// gives the same bytes. Its events are what Chrome's JSON writer puts in a performance
// recording, in its layout (the object form, one event a line, keys sorted as Chrome writes
// them): `X` RunTask slices with src_file/src_func args, nested `B`/`E` ParseHTML pairs with
// beginData/endData, `X` EventDispatch and frame slices with data args, `I` instants, `C`
// counters, `b`/`e` user-timing async pairs with id2, and `M` thread names; about 210 bytes
// an event, a quarter of them with args no other event repeats.
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ScrollSimKit

struct Sequence {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }
}

func generate(_ path: String, megabytes: Int) throws {
    guard let file = fopen(path, "w") else { throw CocoaError(.fileWriteUnknown) }
    defer { fclose(file) }
    let target = megabytes << 20
    var written = 0
    var out = ""
    out.reserveCapacity(1 << 22)
    func emit(_ line: String) {
        out += line
        out += ",\n"
        if out.utf8.count > 1 << 22 {
            written += out.utf8.count
            fputs(out, file)
            out.removeAll(keepingCapacity: true)
        }
    }
    fputs("{\"traceEvents\":[\n", file)
    let pid = 4821
    let threads = [259, 261, 270, 300, 301, 302]
    for tid in threads {
        emit(#"{"args":{"name":"Thread\#(tid)"},"cat":"__metadata","name":"thread_name","ph":"M","pid":\#(pid),"tid":\#(tid),"ts":0}"#)
    }
    let sources = ["../../base/task/sequence_manager/task_queue_impl.cc", "../../cc/trees/layer_tree_host.cc",
                   "../../third_party/blink/renderer/core/frame/local_frame.cc", "../../mojo/public/cpp/bindings/lib/connector.cc"]
    let functions = ["PostDelayedTask", "UpdateLayers", "ScheduleAnimation", "PostDispatchNextMessageFromPipe"]
    var random = Sequence()
    var ts = 189_324_000_000
    var tts = 4_512_000
    var sequence = 0
    while written + out.utf8.count < target {
        sequence += 1
        let tid = threads[random.next(threads.count)]
        let duration = 20 + random.next(4000)
        let source = random.next(sources.count)
        emit(#"{"args":{"src_file":"\#(sources[source])","src_func":"\#(functions[source])"},"cat":"toplevel","dur":\#(duration),"name":"ThreadControllerImpl::RunTask","ph":"X","pid":\#(pid),"tdur":\#(duration - 5),"tid":\#(tid),"ts":\#(ts),"tts":\#(tts)}"#)
        let frame = "FA1B2C3D4E5F60718293A4B5C6D7E8F\(sequence % 7)"
        emit(#"{"args":{"beginData":{"frame":"\#(frame)","startLine":\#(random.next(3000)),"url":"https://example.com/feed?page=\#(sequence % 50)"}},"cat":"devtools.timeline","name":"ParseHTML","ph":"B","pid":\#(pid),"tid":\#(tid),"ts":\#(ts + 2),"tts":\#(tts + 2)}"#)
        emit(#"{"args":{"data":{"frame":"\#(frame)","type":"mousewheel"}},"cat":"devtools.timeline","dur":\#(duration / 4),"name":"EventDispatch","ph":"X","pid":\#(pid),"tdur":\#(duration / 4),"tid":\#(tid),"ts":\#(ts + 3),"tts":\#(tts + 3)}"#)
        emit(#"{"args":{"endData":{"endLine":\#(random.next(3000))}},"cat":"devtools.timeline","name":"ParseHTML","ph":"E","pid":\#(pid),"tid":\#(tid),"ts":\#(ts + duration / 2),"tts":\#(tts + duration / 2)}"#)
        emit(#"{"args":{"data":{"frame":"\#(frame)"}},"cat":"devtools.timeline","name":"UpdateCounters","ph":"I","pid":\#(pid),"s":"t","tid":\#(tid),"ts":\#(ts + duration - 1),"tts":\#(tts + duration - 1)}"#)
        if sequence % 3 == 0 {
            emit(#"{"args":{"data":{"documents":3,"jsEventListeners":\#(100 + random.next(50)),"jsHeapSizeUsed":\#(12_000_000 + random.next(900_000)),"nodes":\#(1500 + random.next(300))}},"cat":"disabled-by-default-devtools.timeline","name":"UpdateCounters","ph":"C","pid":\#(pid),"tid":\#(tid),"ts":\#(ts + duration),"tts":\#(tts + duration)}"#)
        }
        if sequence % 4 == 0 {
            let id = String(sequence, radix: 16)
            emit(#"{"args":{},"cat":"blink.user_timing","id2":{"local":"0x\#(id)"},"name":"feed-scroll","ph":"b","pid":\#(pid),"tid":259,"ts":\#(ts)}"#)
            emit(#"{"args":{},"cat":"blink.user_timing","id2":{"local":"0x\#(id)"},"name":"feed-scroll","ph":"e","pid":\#(pid),"tid":259,"ts":\#(ts + duration)}"#)
        }
        emit(#"{"args":{"frameSeqId":\#(sequence)},"cat":"cc,benchmark,disabled-by-default-devtools.timeline.frame","dur":\#(300 + random.next(900)),"name":"Graphics.Pipeline.DrawAndSwap","ph":"X","pid":\#(pid),"tdur":0,"tid":261,"ts":\#(ts + duration),"tts":\#(tts)}"#)
        ts += duration + 10 + random.next(200)
        tts += duration
    }
    out += #"{"args":{"name":"CrRendererMain"},"cat":"__metadata","name":"thread_name","ph":"M","pid":\#(pid),"tid":259,"ts":0}"#
    out += "\n],\n\"metadata\":{\"clock-domain\":\"LINUX_CLOCK_MONOTONIC\",\"trace-config\":\"\"}}\n"
    fputs(out, file)
}

func usage() -> rusage {
    var usage = rusage()
    #if canImport(Darwin)
    getrusage(RUSAGE_SELF, &usage)
    #else
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #endif
    return usage
}

func cpuSeconds() -> Double {
    let usage = usage()
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}

let arguments = CommandLine.arguments
switch arguments.count > 1 ? arguments[1] : "" {
case "generate" where arguments.count == 4:
    try generate(arguments[2], megabytes: Int(arguments[3]) ?? 256)
case "read" where arguments.count == 3:
    let before = cpuSeconds()
    let reading = try TraceReader.read(path: arguments[2])
    let cpu = cpuSeconds() - before
    let usage = usage()
    // ru_maxrss is KiB on Linux, bytes on macOS.
    #if os(Linux)
    let rss = Int(usage.ru_maxrss) * 1024
    #else
    let rss = Int(usage.ru_maxrss)
    #endif
    print("cpu \(cpu) intervals \(reading.intervals.count) rss \(rss)")
default:
    FileHandle.standardError.write("usage: trace-reading-bench generate OUT.json MEGABYTES | read TRACE\n".data(using: .utf8)!)
    exit(2)
}
