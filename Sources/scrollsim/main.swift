import ScrollSimCLI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let status = ScrollSimCLI.main(arguments: Array(CommandLine.arguments.dropFirst()), console: .standard())
ScrollSimCLI.recordPeakResidentIfAsked()
exit(status)
