import Foundation

/// How many more bytes this process can have before an allocation fails: the least of what its
/// address-space limit (`ulimit -v`, `prlimit --as`), its cgroup's `memory.max` and the machine's
/// available memory leave.
///
/// Swift traps when an allocation fails, so work whose size is known before it starts (a clip's
/// frames in flight) asks first and is refused in one line when it cannot fit.
package enum MemoryHeadroom {
    /// The bytes left, or `nil` when nothing limits them that can be read.
    package static func available() -> Int? {
        [addressSpaceLeft(), cgroupLeft(), machineAvailable()].compactMap { $0 }.min()
    }

    /// What `RLIMIT_AS` leaves beside the address space in use.
    static func addressSpaceLeft() -> Int? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else {
            return nil
        }
        guard let used = statusField("VmSize") else { return nil }
        return max(0, Int(clamping: limit.rlim_cur) - used)
    }

    /// What the cgroup (v2) leaves: `memory.max` less `memory.current`.
    static func cgroupLeft() -> Int? {
        guard let maximum = number(in: "/sys/fs/cgroup/memory.max"),
            let current = number(in: "/sys/fs/cgroup/memory.current")
        else { return nil }
        return max(0, maximum - current)
    }

    /// `MemAvailable` of `/proc/meminfo`.
    static func machineAvailable() -> Int? {
        guard let text = text(of: "/proc/meminfo") else { return nil }
        return kilobytes("MemAvailable", in: text)
    }

    private static func statusField(_ name: String) -> Int? {
        guard let text = text(of: "/proc/self/status") else { return nil }
        return kilobytes(name, in: text)
    }

    /// `NAME:   1234 kB` in `text`, in bytes.
    private static func kilobytes(_ name: String, in text: String) -> Int? {
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let fields = line.split(separator: " ")
            guard fields.count >= 2, let value = Int(fields[1]) else { return nil }
            return value * 1024
        }
        return nil
    }

    /// The number a one-line file holds (`max` is no limit).
    private static func number(in path: String) -> Int? {
        guard let text = text(of: path) else { return nil }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// The text of a small file the kernel writes (`/proc`, `/sys`), or `nil`.
    private static func text(of path: String) -> String? {
        guard case .success(let bytes) = RegularFile.read(atPath: path, limit: 1 << 20) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }
}
