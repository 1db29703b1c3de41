import CWaterfallCairo

/// The versions of the libraries that shape and draw text, as the loaded libraries report them
/// at run time (not the headers this was built with).
public struct LibraryVersions: Sendable, Equatable {
    /// Cairo's version.
    public var cairo: String
    /// Pango's version.
    public var pango: String
    /// HarfBuzz's version.
    public var harfBuzz: String
    /// FreeType's version.
    public var freeType: String
    /// fontconfig's version.
    public var fontconfig: String

    /// The versions of the libraries this process has loaded.
    public static var current: LibraryVersions {
        LibraryVersions(
            cairo: String(cString: cairo_version_string()), pango: String(cString: pango_version_string()),
            harfBuzz: String(cString: hb_version_string()), freeType: freeTypeVersion, fontconfig: fontconfigVersion)
    }

    private static var freeTypeVersion: String {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return "unknown" }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0
        var minor: FT_Int = 0
        var patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    private static var fontconfigVersion: String {
        let version = FcGetVersion()
        return "\(version / 10000).\(version / 100 % 100).\(version % 100)"
    }
}
