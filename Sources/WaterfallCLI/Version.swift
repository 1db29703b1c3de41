/// The version `waterfall --version` prints.
enum Version {
    static let current = "0.4.0"
}
