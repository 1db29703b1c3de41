import SystemPackage

extension String {
    /// The folder part of a path: what comes before its last component (`dir` of `dir/a.png`,
    /// `/` of `/a.png`), empty for a bare name.
    ///
    /// `NSString.deletingLastPathComponent` gives the same answers but traps on a one-character
    /// path in this Foundation (`waterfall render a` crashed), so every module asks here.
    package var folderPart: String {
        var path = FilePath(self)
        path.removeLastComponent()
        return path.string
    }
}
