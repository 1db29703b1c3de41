/// What to draw when an item's image cannot be read.
public enum MissingImagePolicy: String, Sendable, CaseIterable {
    /// Stop with an error naming the item: the default, so a broken path is never missed.
    case error
    /// Draw a grey placeholder card with the item's text instead.
    case placeholder
}
