import SystemSupport

/// The `process_*` figures Prometheus clients conventionally export, read from `/proc/self`.
///
/// The `/proc` files are opened once and kept open (``holdFiles()``), and read again from their
/// start at each scrape: when every descriptor is in use — exactly when `process_open_fds` and
/// memory matter — a scrape needs no new descriptor and still reports them.
enum ProcessMetrics {
    /// The descriptors kept open for the life of the process: `-1` (or `nil`) for one that could
    /// not be opened yet, tried again at the next scrape.
    private struct HeldFiles: ~Copyable, Sendable {
        var statm: Int32 = -1
        var stat: Int32 = -1
        var systemStat: Int32 = -1
        /// `/proc/self/fd`, listed afresh at each count.
        var descriptorDirectory: DirectoryStream?

        /// The descriptor of `path`, opened now and never closed; `-1` if it cannot be opened.
        static func hold(_ path: String) -> Int32 {
            (try? SystemFile.open(path, .readOnly))?.release() ?? -1
        }
    }

    private static let held = Locked(HeldFiles())

    /// Opens the `/proc` files the figures come from, if they are not open yet; the composition
    /// calls it at start so that the first scrape needs no descriptor either.
    static func holdFiles() {
        held.withLock { files in
            if files.statm < 0 { files.statm = HeldFiles.hold("/proc/self/statm") }
            if files.stat < 0 { files.stat = HeldFiles.hold("/proc/self/stat") }
            if files.systemStat < 0 { files.systemStat = HeldFiles.hold("/proc/stat") }
            if files.descriptorDirectory == nil {
                files.descriptorDirectory = DirectoryStream(path: "/proc/self/fd")
            }
        }
    }

    /// The exposition lines: resident and virtual memory, open and maximum descriptors, CPU time
    /// and start time. A figure the kernel does not give is left out rather than reported as 0.
    static func exposition() -> String {
        holdFiles()
        return held.withLock { files in exposition(files) }
    }

    private static func exposition(_ files: borrowing HeldFiles) -> String {
        var text = ""
        let pageSize = SystemProcess.pageSize
        let ticks = SystemProcess.clockTicksPerSecond
        if let statm = read(files.statm)?.split(separator: " "), statm.count >= 2,
            let pages = Int(statm[0]), let resident = Int(statm[1])
        {
            text += gauge("process_resident_memory_bytes", "Resident memory size in bytes.", resident * pageSize)
            text += gauge("process_virtual_memory_bytes", "Virtual memory size in bytes.", pages * pageSize)
        }
        switch files.descriptorDirectory {
        case .some(let directory):
            // The directory held open counts itself, as it is open.
            let open = directory.names().count { !$0.hasPrefix(".") }
            text += gauge("process_open_fds", "Number of open file descriptors.", open)
        case .none: break
        }
        if let limit = SystemProcess.openFileLimit {
            text += gauge("process_max_fds", "Maximum number of open file descriptors.", limit)
        }
        // /proc/self/stat: the command name is in parentheses and may hold spaces, so count the
        // fields after the last ')'. utime and stime are fields 14 and 15, starttime field 22.
        if let stat = read(files.stat), let close = stat.lastIndex(of: ")"), ticks > 0 {
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count >= 20, let user = Int(fields[11]), let system = Int(fields[12]),
                let started = Int(fields[19]), let boot = bootTime(files.systemStat)
            {
                text += "# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.\n"
                text += "# TYPE process_cpu_seconds_total counter\n"
                text += "process_cpu_seconds_total \(decimal(user + system, per: ticks))\n"
                text += "# HELP process_start_time_seconds Start time of the process since unix epoch in seconds.\n"
                text += "# TYPE process_start_time_seconds gauge\n"
                text += "process_start_time_seconds \(decimal(boot * ticks + started, per: ticks))\n"
            }
        }
        return text
    }

    private static func gauge(_ name: String, _ help: String, _ value: Int) -> String {
        "# HELP \(name) \(help)\n# TYPE \(name) gauge\n\(name) \(value)\n"
    }

    /// `count / unit` in decimal, without exponent.
    private static func decimal(_ count: Int, per unit: Int) -> String {
        let fraction = String(count % unit * 100 / unit)
        return "\(count / unit)." + (fraction.count < 2 ? "0" + fraction : fraction)
    }

    /// Seconds since the epoch at boot, the `btime` line of `/proc/stat`.
    private static func bootTime(_ descriptor: Int32) -> Int? {
        guard let stat = read(descriptor) else { return nil }
        for line in stat.split(separator: "\n") where line.hasPrefix("btime ") {
            return Int(line.dropFirst(6))
        }
        return nil
    }

    /// A small text file of `/proc`, whole, read from its start through a descriptor held open
    /// (procfs reports size 0, so read until the end).
    private static func read(_ descriptor: Int32) -> String? {
        guard descriptor >= 0 else { return nil }
        var bytes: [UInt8] = []
        while bytes.count < 1 << 20 {
            let offset = bytes.count
            let count = (try? SystemFile.read(descriptor, appendingTo: &bytes, maximum: 4096, atOffset: offset)) ?? 0
            if count == 0 { break }
        }
        while bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }
}
