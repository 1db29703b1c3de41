import CHeapStatistics

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic timing and heap accounting for the benchmark.
struct Stopwatch {
    /// Time every body once, with no untimed call before it: `--short`'s single repetition, which
    /// checks that the work runs rather than how fast.
    var once = false

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The processor seconds (user and system, every thread of the process) used so far.
    static func processorNow() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        return user + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// The median seconds one call of `body` takes, over `runs` timed runs of `batch` calls each,
    /// after one untimed call (which also pays for first touching memory the process had not
    /// used before).
    ///
    /// `prepare` runs, untimed, before each timed run.
    func seconds(runs: Int = 5, batch: Int = 1, prepare: () -> Void = {}, _ body: () -> Void) -> Double {
        let (runs, batch) = once ? (1, 1) : (runs, batch)
        if !once { body() }
        var samples: [Double] = []
        for _ in 0..<runs {
            prepare()
            let start = Self.now()
            for _ in 0..<batch { body() }
            samples.append((Self.now() - start) / Double(batch))
        }
        return Self.median(samples)
    }

    /// The median seconds and the median processor seconds (every thread's) one call of `body`
    /// takes, over the same `runs` runs after one untimed call; the processor seconds are steadier
    /// than ``seconds(runs:batch:prepare:_:)`` on a machine that is busy with other work.
    func secondsAndProcessorSeconds(runs: Int = 5, _ body: () -> Void) -> (seconds: Double, processor: Double) {
        let runs = once ? 1 : runs
        if !once { body() }
        var wall: [Double] = []
        var processor: [Double] = []
        for _ in 0..<runs {
            let (start, startProcessor) = (Self.now(), Self.processorNow())
            body()
            wall.append(Self.now() - start)
            processor.append(Self.processorNow() - startProcessor)
        }
        return (Self.median(wall), Self.median(processor))
    }

    private static func median(_ samples: [Double]) -> Double {
        samples.sorted()[samples.count / 2]
    }

    /// Bytes of heap in use, from the C library (zero where it cannot tell).
    static func heapBytes() -> Int {
        Int(heap_statistics_bytes_in_use())
    }
}

/// Keeps a value alive and opaque to the optimizer.
@inline(never)
func consume<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
