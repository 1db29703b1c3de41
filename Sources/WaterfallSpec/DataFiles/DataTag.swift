import Yams

/// The tags of the nodes a data file becomes, made once.
///
/// Each `Tag(_:)` builds a Yams `Constructor` with its tables (Yams' `Constructor.default` is
/// computed): one a value took 9 KiB a CSV record, 950 MB for 100,000 records. The names are
/// explicit, so Yams never resolves (writes) them, and sharing them is safe.
enum DataTag {
    nonisolated(unsafe) static let str = Tag(.str)
    nonisolated(unsafe) static let null = Tag(.null)
    nonisolated(unsafe) static let bool = Tag(.bool)
    nonisolated(unsafe) static let int = Tag(.int)
    nonisolated(unsafe) static let float = Tag(.float)
    nonisolated(unsafe) static let binary = Tag(.binary)
    nonisolated(unsafe) static let map = Tag(.map)
    nonisolated(unsafe) static let seq = Tag(.seq)
}
