import CHeapStatistics

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic timing and heap accounting for the benchmark.
enum Stopwatch {
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The median seconds one call of `body` takes, over `runs` timed runs of `batch` calls each,
    /// after one untimed call (which also pays for first touching memory the process had not
    /// used before).
    ///
    /// `prepare` runs, untimed, before each timed run.
    static func seconds(runs: Int = 5, batch: Int = 1, prepare: () -> Void = {}, _ body: () -> Void) -> Double {
        body()
        var samples: [Double] = []
        for _ in 0..<runs {
            prepare()
            let start = now()
            for _ in 0..<batch { body() }
            samples.append((now() - start) / Double(batch))
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    /// The median processor seconds (user and system, every thread of the process) one call of
    /// `body` takes, over `runs` runs after one untimed call: steadier than ``seconds(runs:batch:prepare:_:)``
    /// on a machine that is busy with other work.
    static func processorSeconds(runs: Int = 5, _ body: () -> Void) -> Double {
        func used() -> Double {
            var usage = rusage()
            #if canImport(Glibc)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
            #else
            getrusage(RUSAGE_SELF, &usage)
            #endif
            let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            return user + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        }
        body()
        var samples: [Double] = []
        for _ in 0..<runs {
            let start = used()
            body()
            samples.append(used() - start)
        }
        samples.sort()
        return samples[samples.count / 2]
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
