import Testing
@testable import FremontUI

/// Every text colour of the theme is at least 4.5:1 against what it is drawn on, with 256
/// colours, on xterm's, GNOME's and Solarized's dark and light backgrounds (the theme the
/// background calls for); the dark theme on a white page is what the light one mends.
@Suite struct ThemeContrastTests {
    @Test(arguments: ThemeContrast.palettes.map(\.name))
    func everyTextColourReadsOnItsBackground(_ name: String) throws {
        let palette = try #require(ThemeContrast.palettes.first { $0.name == name })
        for colors in [ColorSupport.indexed256, .truecolor] {
            // The terminal's own text on its own background is the palette's business.
            for row in ThemeContrast.rows(palette, colors: colors) where row.style != "plain" {
                #expect(row.ratio >= 4.5, "\(name), \(colors): \(row.style) at \(row.ratio)")
            }
        }
    }

    @Test func theDarkThemeOnWhiteIsWhatTheLightOneMends() throws {
        let white = try #require(ThemeContrast.palettes.first { $0.name == "xterm light" })
        let dark = Theme(colors: .indexed256, background: .dark)
        let warning = ThemeContrast.rgb(dark.warning.foreground, white, isBackground: false)
        #expect(ThemeContrast.ratio(warning, white.background) < 2)
        let light = Theme(colors: .indexed256, background: .light)
        #expect(ThemeContrast.ratio(ThemeContrast.rgb(light.warning.foreground, white, isBackground: false), white.background) >= 4.5)
    }
}
