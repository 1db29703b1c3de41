import CWaterfallCairo

/// The versions of the libraries that shape and draw text, as the loaded libraries report them
/// at run time (not the headers this was built with).
enum LibraryVersions {
    static var cairo: String { String(cString: cairo_version_string()) }
    static var pango: String { String(cString: pango_version_string()) }
    static var harfBuzz: String { String(cString: hb_version_string()) }

    static var freeType: String {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return "unknown" }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0
        var minor: FT_Int = 0
        var patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    static var fontconfig: String {
        let version = FcGetVersion()
        return "\(version / 10000).\(version / 100 % 100).\(version % 100)"
    }
}
