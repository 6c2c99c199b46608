// Measures how long loading the data file takes and how much memory the loaded store holds.
//
//     swift run -c release store-bench [path] [iterations]
//
// Memory is the growth of the resident set (from /proc/self/statm) while one store is loaded and
// kept, measured first in a fresh process so freed heap from earlier loads cannot hide it.

import SpecStore

#if canImport(Glibc)
    import Glibc
#endif

let arguments = CommandLine.arguments
let path = arguments.count > 1 ? arguments[1] : "Data/specs.json"
let iterations = arguments.count > 2 ? Int(arguments[2]) ?? 30 : 30

func residentBytes() -> Int {
    // statm: "size resident shared text lib data dt", in pages.
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var buffer = [CChar](repeating: 0, count: 256)
    guard fgets(&buffer, Int32(buffer.count), file) != nil else { return 0 }
    let fields = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(
        separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * sysconf(Int32(_SC_PAGESIZE))
}

/// Wall-clock and CPU milliseconds of `body`. On a machine shared with other work the CPU time
/// is the steadier figure; the wall-clock time is what a starting server waits.
func milliseconds(_ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double) {
    var start = timespec()
    var end = timespec()
    var cpuStart = timespec()
    var cpuEnd = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpuStart)
    try body()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpuEnd)
    clock_gettime(CLOCK_MONOTONIC, &end)
    func difference(_ a: timespec, _ b: timespec) -> Double {
        Double(b.tv_sec - a.tv_sec) * 1000 + Double(b.tv_nsec - a.tv_nsec) / 1_000_000
    }
    return (difference(start, end), difference(cpuStart, cpuEnd))
}

func mebibytes(_ bytes: Int) -> String {
    let value = Double(bytes) / 1_048_576
    return String(Int((value * 100).rounded())).withDecimalPoint
}

extension String {
    /// `1234` (hundredths) as `12.34`.
    var withDecimalPoint: String {
        let padded = count < 3 ? String(repeating: "0", count: 3 - count) + self : self
        return "\(padded.dropLast(2)).\(padded.suffix(2))"
    }
}

do {
    let before = residentBytes()
    var kept: SpecStore? = nil
    let firstLoad = try milliseconds { kept = try SpecStore.load(contentsOf: path) }
    let afterLoad = residentBytes()
    guard let store = kept else { exit(1) }
    // Touch every snapshot's search index too: it is built on first search and then kept.
    for version in store.versions { _ = try store.snapshot(version: version.id).search(SearchQuery(q: "size")) }
    let afterIndex = residentBytes()

    var times: [(wall: Double, cpu: Double)] = []
    var loaded: SpecStore? = nil
    for _ in 0..<iterations {
        // Free the previous store outside the timed region: only loading is measured.
        loaded = nil
        times.append(try milliseconds { loaded = try SpecStore.load(contentsOf: path) })
    }
    _ = loaded
    func format(_ ms: Double) -> String { String(Int((ms * 100).rounded())).withDecimalPoint }
    func summary(_ values: [Double]) -> String {
        let sorted = values.sorted()
        let median = sorted[sorted.count / 2]
        let p90 = sorted[min(sorted.count - 1, sorted.count * 9 / 10)]
        return "median \(format(median)) ms, min \(format(sorted[0])) ms, p90 \(format(p90)) ms"
    }

    var status = stat()
    let fileSize = stat(path, &status) == 0 ? Int(status.st_size) : 0
    print("file: \(path) (\(fileSize) bytes, \(store.versions.count) versions)")
    print("records (latest): \(store.latest.counts.serialized())")
    print("first load: \(format(firstLoad.wall)) ms wall, \(format(firstLoad.cpu)) ms CPU")
    print("load x\(iterations), wall: \(summary(times.map(\.wall)))")
    print("load x\(iterations), CPU:  \(summary(times.map(\.cpu)))")
    print("resident growth, one store kept: \(mebibytes(afterLoad - before)) MiB")
    print("resident growth with every version's search index built: \(mebibytes(afterIndex - before)) MiB")
    // Query cost on the latest snapshot: the work a request does before rendering.
    let latest = store.latest
    let queries: [(String, () throws -> Int)] = [
        ("devices (all)", { try latest.devices(matching: DeviceFilter()).count }),
        (
            "devices?sizeClass=regular-width-landscape",
            {
                try latest.devices(
                    matching: DeviceFilter(sizeClass: SizeClassCondition(parsing: "regular-width-landscape"))
                ).count
            }
        ),
        (
            "dynamic-type?category=AX5&style=Title 1",
            {
                try latest.dynamicType(
                    matching: DynamicTypeFilter(category: .accessibility5, style: "Title 1")
                ).count
            }
        ),
        (
            "widgets?screen=428x926 (no row: note)",
            {
                try latest.widgets(matching: WidgetFilter(screen: ScreenSize(width: 428, height: 926))).notes.count
            }
        ),
        ("devices/{id} with widgets", { try latest.device(id: "iPhone 16 Pro").notes.count }),
        ("search?q=minimum control size", { try latest.search(SearchQuery(q: "minimum control size")).count }),
        ("rules?q=done cancel", { try latest.rules(matching: RuleFilter(q: "done cancel")).count }),
        (
            "diff 2023 → latest",
            { try store.diff(from: store.versions[0].id, to: store.latestVersion.id).changed.count }
        ),
    ]
    for (name, query) in queries {
        let rounds = 200
        var sink = 0
        let time = try milliseconds { for _ in 0..<rounds { sink &+= try query() } }
        print("query \(name): \(format(time.cpu * 1000 / Double(rounds))) µs CPU (\(sink / rounds) rows)")
    }
} catch {
    print("store-bench: \(error)")
    exit(1)
}
