import FremontCore

/// The weather tab's styles: glyphs in the colours of what they show, temperatures from blue
/// (cold) to red (hot). Without colour, emphasis is bold and dim only, and glyphs carry the rest.
extension Theme {
    func weather(_ role: WeatherRole) -> Style {
        switch role {
        case .plain: return .plain
        case .barTrack: return dim
        case .heading: return title.adding(.underline)
        case .emphasis: return title
        case .dim: return dim
        case .columnHeader: return dim
        case .alert: return warning
        case .glyph(let icon): return glyph(icon)
        case .temperature(let celsius): return temperature(celsius)
        case .barFill(let celsius): return colors == .none ? title : temperature(celsius)
        case .chance(let chance):
            if chance >= 0.3 { return separator }
            return dim
        }
    }

    private func glyph(_ icon: WeatherIcon?) -> Style {
        guard colors != .none else { return icon == nil || icon == .unknown ? dim : .plain }
        switch icon {
        case .clearDay, .partlyCloudyDay: return Style(foreground: ink(dark: 220, light: 94, ansi: .yellow, ansiLight: .red), attributes: [.bold])
        case .clearNight, .partlyCloudyNight: return Style(foreground: ink(dark: 51, light: 25, ansi: .cyan, ansiLight: .blue))
        case .cloudy: return isLight ? (hasCube ? Style(foreground: .indexed(240)) : .plain) : Style(foreground: hasCube ? .indexed(252) : .white)
        case .rain, .sleet: return Style(foreground: ink(dark: 39, light: 25, ansi: .blue), attributes: [.bold])
        case .snow, .hail: return Style(foreground: ink(dark: 51, light: 24, ansi: .cyan, ansiLight: .blue), attributes: [.bold])
        case .thunderstorm: return Style(foreground: ink(dark: 170, light: 127, ansi: .magenta), attributes: [.bold])
        case .tornado: return Style(foreground: ink(dark: 202, light: 160, ansi: .red), attributes: [.bold])
        case .wind, .fog, .unknown, nil: return dim
        }
    }

    /// Cold to hot: blue below freezing, cyan, green, yellow, red above 30 °C. 256-colour and
    /// truecolor terminals get a smooth ramp between those stops, 8-colour ones the nearest stop.
    func temperature(_ celsius: Double) -> Style {
        // On light, the same hues darkened until each is 4.5:1 on white.
        let stops: [(Double, (Double, Double, Double), TerminalColor)] = isLight ? [
            (-10, (40, 60, 200), .blue), (0, (0, 100, 160), .blue), (12, (20, 115, 45), .green),
            (22, (140, 95, 0), .red), (32, (190, 35, 20), .red),
        ] : [
            (-10, (115, 145, 255), .blue), (0, (80, 200, 255), .cyan), (12, (100, 215, 120), .green),
            (22, (240, 210, 70), .yellow), (32, (245, 90, 60), .red),
        ]
        let value = celsius.isFinite ? celsius : 0
        switch colors {
        case .none: return title
        case .ansi8:
            let nearest = stops.min { abs($0.0 - value) < abs($1.0 - value) }!
            return Style(foreground: nearest.2, attributes: [.bold])
        case .indexed256, .truecolor:
            var rgb = stops.last!.1
            if value <= stops[0].0 {
                rgb = stops[0].1
            } else if let upper = stops.firstIndex(where: { $0.0 >= value }) {
                let (a, b) = (stops[upper - 1], stops[upper])
                let t = (value - a.0) / (b.0 - a.0)
                rgb = (a.1.0 + (b.1.0 - a.1.0) * t, a.1.1 + (b.1.1 - a.1.1) * t, a.1.2 + (b.1.2 - a.1.2) * t)
            }
            let (r, g, b) = (UInt8(rgb.0.rounded()), UInt8(rgb.1.rounded()), UInt8(rgb.2.rounded()))
            let color: TerminalColor = colors == .truecolor ? .rgb(r, g, b) : .indexed(TerminalColor.nearestIndexed(r, g, b))
            return Style(foreground: color, attributes: [.bold])
        }
    }
}
