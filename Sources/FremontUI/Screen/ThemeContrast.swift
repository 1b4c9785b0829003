import Foundation
import FremontCore

/// How readable the theme's text is: each text style's colour against the background it is
/// drawn on, as WCAG's contrast ratio, for a terminal palette. The 16 colours and the
/// background are the palette's; the xterm cube (16–255) is the same everywhere.
public enum ThemeContrast {
    public struct Palette: Sendable {
        public let name: String
        public let background: (UInt8, UInt8, UInt8)
        public let foreground: (UInt8, UInt8, UInt8)
        /// The 16 colours, 0–15.
        public let colors: [(UInt8, UInt8, UInt8)]

        public var isLight: Bool { ThemeContrast.luminance(background) > 0.5 }
    }

    public struct Row: Sendable {
        public let style: String
        public let ratio: Double
    }

    private static func hex(_ value: UInt32) -> (UInt8, UInt8, UInt8) {
        (UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }

    private static let xterm16: [UInt32] = [0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
                                            0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff]
    /// GNOME Terminal's own palette ("GNOME").
    private static let gnome16: [UInt32] = [0x171421, 0xc01c28, 0x26a269, 0xa2734c, 0x12488b, 0xa347ba, 0x2aa1b3, 0xd0cfcc,
                                            0x5e5c64, 0xf66151, 0x33d17a, 0xe9ad0c, 0x2a7bde, 0xc061cb, 0x33c7de, 0xffffff]
    private static let solarized16: [UInt32] = [0x073642, 0xdc322f, 0x859900, 0xb58900, 0x268bd2, 0xd33682, 0x2aa198, 0xeee8d5,
                                                0x002b36, 0xcb4b16, 0x586e75, 0x657b83, 0x839496, 0x6c71c4, 0x93a1a1, 0xfdf6e3]

    /// xterm, GNOME Terminal and Solarized, each on its dark and its light background.
    public static let palettes: [Palette] = [
        Palette(name: "xterm dark", background: hex(0x000000), foreground: hex(0xe5e5e5), colors: xterm16.map(hex)),
        Palette(name: "xterm light", background: hex(0xffffff), foreground: hex(0x000000), colors: xterm16.map(hex)),
        Palette(name: "GNOME dark", background: hex(0x171421), foreground: hex(0xd0cfcc), colors: gnome16.map(hex)),
        Palette(name: "GNOME light", background: hex(0xffffff), foreground: hex(0x171421), colors: gnome16.map(hex)),
        Palette(name: "Solarized dark", background: hex(0x002b36), foreground: hex(0x839496), colors: solarized16.map(hex)),
        Palette(name: "Solarized light", background: hex(0xfdf6e3), foreground: hex(0x657b83), colors: solarized16.map(hex)),
    ]

    /// The text styles a theme draws, by name: bars (their own background), text on the
    /// terminal's, chart pens, weather glyphs, temperatures from -10 to 32 °C.
    public static func styles(_ theme: Theme) -> [(String, Style)] {
        var styles: [(String, Style)] = [
            ("header", theme.header), ("active tab", theme.activeTab), ("footer", theme.footer), ("separator", theme.separator),
            ("link", theme.link), ("error", theme.error), ("warning", theme.warning), ("feed name", theme.feedName),
            ("search match", theme.searchMatch), ("plain", .plain),
        ]
        for (name, pen) in [("chart grey", ChartPen.muted), ("chart blue", .blue), ("chart red", .red), ("chart magenta", .magenta),
                            ("chart green", .green)] {
            styles.append((name, theme.chart(pen)))
        }
        for (name, icon) in [("sun", WeatherIcon.clearDay), ("moon", .clearNight), ("cloud", .cloudy), ("rain", .rain), ("snow", .snow),
                             ("storm", .thunderstorm), ("tornado", .tornado)] {
            styles.append((name, theme.weather(.glyph(icon))))
        }
        for celsius in stride(from: -10.0, through: 35, by: 5) {
            styles.append(("\(Int(celsius)) °C", theme.temperature(celsius)))
        }
        return styles
    }

    /// Every text style's ratio on `palette`, with the theme its background calls for.
    public static func rows(_ palette: Palette, colors: ColorSupport) -> [Row] {
        let theme = Theme(colors: colors, background: palette.isLight ? .light : .dark)
        return styles(theme).map { name, style in
            var foreground = rgb(style.foreground, palette, isBackground: false)
            var background = rgb(style.background, palette, isBackground: true)
            if style.attributes.contains(.reverse) { swap(&foreground, &background) }
            return Row(style: name, ratio: ratio(foreground, background))
        }
    }

    static func rgb(_ color: TerminalColor, _ palette: Palette, isBackground: Bool) -> (UInt8, UInt8, UInt8) {
        switch color {
        case .default: return isBackground ? palette.background : palette.foreground
        case .ansi(let index): return palette.colors[Int(index) % 16]
        case .indexed(let index) where index < 16: return palette.colors[Int(index)]
        case .indexed(let index): return TerminalColor.cubeRGB(index)
        case .rgb(let r, let g, let b): return (r, g, b)
        }
    }

    static func luminance(_ color: (UInt8, UInt8, UInt8)) -> Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055).power(2.4)
        }
        return 0.2126 * channel(color.0) + 0.7152 * channel(color.1) + 0.0722 * channel(color.2)
    }

    /// WCAG's contrast ratio, 1 to 21.
    public static func ratio(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }
}

private extension Double {
    func power(_ exponent: Double) -> Double { Foundation.pow(self, exponent) }
}
