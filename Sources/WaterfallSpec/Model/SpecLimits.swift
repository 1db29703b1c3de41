/// The largest inputs the tool accepts, so that a typo cannot exhaust memory.
public enum SpecLimits {
    /// Items in one spec, given and generated together.
    public static let maximumItems = 2_000_000
    /// Sections in one spec.
    public static let maximumSections = 100_000
    /// Columns in one section.
    public static let maximumColumns = 1_000
    /// Bytes of one spec file.
    public static let maximumFileBytes = 256 * 1024 * 1024
}
