@testable import ScrollSimHarness
import Testing

/// `run-jobs` judges the parallel run by the cores it could have had: `/proc/stat` read as the
/// kernel writes it, and the normalised wall time worked by hand for an idle machine, one other
/// busy thread, and an overstated competition.
@Suite struct MachineCPUTests {
    /// Two cores, as this machine's `/proc/stat` begins (ticks of 1/100 s).
    static let stat = """
    cpu  1197190 8018 101641 1831058 6297 0 1537 3307 0 0
    cpu0 521512 3998 45144 999246 2269 0 118 1690 0 0
    cpu1 675677 4019 56496 831811 4027 0 1419 1617 0 0
    intr 187335521 0 9 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
    ctxt 312095547
    btime 1764700000
    processes 412210
    procs_running 1
    procs_blocked 0
    softirq 46227043 3 17281004 30 1083522 0 0 2316 13498203 0 14345965
    """

    @Test func busyTimeIsEveryCoresUserNiceSystemIrqSoftirqAndSteal() throws {
        let cpu = try #require(MachineCPU.parse(Self.stat, ticksPerSecond: 100))
        // 1,197,190 + 8,018 + 101,641 + 0 + 1,537 + 3,307 = 1,311,693 ticks of 10 ms.
        #expect(cpu.busyMs == 13_116_930)
        #expect(cpu.cores == 2)
        // A kernel older than steal (seven numbers) or a text without cores says nothing.
        #expect(MachineCPU.parse("cpu  1 2 3 4 5 6 7\ncpu0 1 2 3 4 5 6 7\n", ticksPerSecond: 100) == nil)
        #expect(MachineCPU.parse("cpu  1 2 3 4 5 6 7 8 0 0\n", ticksPerSecond: 100) == nil)
        #expect(MachineCPU.parse("", ticksPerSecond: 100) == nil)
    }

    @Test func anIdleMachineLeavesWallTimeAsItIs() {
        // 300 ms, 280 of CPU, the machine busy 285 ms in all: others held 5 ms, 0.017 of a core.
        #expect(MachineCPU.normalisedWall(wallMs: 300, processCPUMs: 280, machineBusyMs: 285, cores: 2, jobs: 1) == 300)
        // Two jobs need both cores: the 1 ms others held over 180 ms leaves 2 − 1/180 cores,
        // a share of 1 − 1/360, and the run is charged 180 − 0.5 ms.
        #expect(MachineCPU.normalisedWall(wallMs: 180, processCPUMs: 330, machineBusyMs: 331, cores: 2, jobs: 2) == 179.5)
    }

    @Test func anotherBusyThreadCostsTheParallelRunAThird() {
        // One other busy thread on 2 cores. --jobs 1: two runnable threads, a core each, so the
        // run keeps its core: 300 ms stays 300.
        #expect(MachineCPU.normalisedWall(wallMs: 300, processCPUMs: 290, machineBusyMs: 590, cores: 2, jobs: 1) == 300)
        // --jobs 2: three threads share 2 cores, two thirds each; over 210 ms the other took
        // 140 ms (2/3 of a core), the run 280: 2 − 2/3 = 4/3 cores left, 2/3 a thread, so the
        // run would have taken 210 × 2/3 = 140 ms alone.
        let normalised = MachineCPU.normalisedWall(wallMs: 210, processCPUMs: 280, machineBusyMs: 420, cores: 2, jobs: 2)
        #expect(abs(normalised - 140) < 1e-9)
        // What bench prints beside it: the other thread held 140 ms of 210, two thirds of a core.
        #expect(abs(MachineCPU.othersCores(wallMs: 210, processCPUMs: 280, machineBusyMs: 420) - 2.0 / 3.0) < 1e-12)
        // The raw ratio 300 / 210 = 1.43 would have charged that to the split; normalised it is 300 / 140.
        #expect(abs(300 / normalised - 2.142857142857143) < 1e-9)
        // Two other busy threads: --jobs 1 gets two thirds of a core.
        #expect(abs(MachineCPU.normalisedWall(wallMs: 450, processCPUMs: 300, machineBusyMs: 900, cores: 2, jobs: 1) - 300) < 1e-9)
    }

    @Test func aRunHadAtLeastTheCoresItUsed() {
        // The accounting says others took 150 of 100 ms × 2 cores, leaving 0.5 of a core, yet
        // the run used 1.5: the share is at least that, 1.5 ÷ 2 jobs = 0.75.
        #expect(MachineCPU.normalisedWall(wallMs: 100, processCPUMs: 150, machineBusyMs: 300, cores: 2, jobs: 2) == 75)
        // Accounting in ticks can read less than the run's own CPU: nobody else, then.
        #expect(MachineCPU.normalisedWall(wallMs: 100, processCPUMs: 150, machineBusyMs: 140, cores: 2, jobs: 2) == 100)
        #expect(MachineCPU.othersCores(wallMs: 100, processCPUMs: 150, machineBusyMs: 140) == 0)
    }

    #if os(Linux)
    @Test func thisMachineAccountsForItsCores() throws {
        let cpu = try #require(MachineCPU.now())
        #expect(cpu.cores >= 1 && cpu.busyMs > 0)
    }
    #endif
}
