/// What a data file may hold, checked before the work that grows with it: its bytes before it is
/// parsed, its nesting while it is parsed, its records before any is validated or indexed.
///
/// A file's bytes alone do not bound its cost: short records cost more per byte than long ones,
/// since each becomes a row, an index entry and a page. The limits leave room for a store a
/// hundred times today's (0.5 MB, about 1,400 records, 8 levels deep), whose cost per MB is
/// stated in the README from `Benchmarks/store/scale.sh`.
public enum DataFileLimits {
    /// The largest data file, in bytes: 64 MiB.
    public static let maximumBytes = 64 << 20
    /// The deepest nesting of arrays and objects. Records are at most 8 levels deep.
    public static let maximumDepth = 32
    /// The most records in one collection (`devices`, `metrics`, …).
    public static let maximumRecordsPerCollection = 100_000
    /// The most records in all collections together.
    public static let maximumRecords = 250_000
}
