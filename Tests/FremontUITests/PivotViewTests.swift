import FremontCore
import Testing
@testable import FremontUI

/// Issue 29: the pivot view over `SeriesPivot` (its numbers are pandas' `pivot_table` and
/// `pct_change`: `SeriesPivotTests`, `Tests/Tools/pandas_stats_check.py`), whole screens at 80×24
/// and 120×40, its layouts, sort and export.
@Suite(.needsSharedData) struct PivotViewTests {
    static let area = Rect(x: 0, y: 1, width: 120, height: 37)

    static func render(_ view: PivotView, width: Int = 120, height: Int = 40) -> ScreenBuffer {
        var buffer = ScreenBuffer(width: width, height: height)
        view.render(into: &buffer, area: Rect(x: 0, y: 1, width: width, height: height - 3), theme: Theme(colors: .none))
        return buffer
    }

    @Test func aprilAt80x24() {
        var state = April.browser(width: 80, height: 24, colors: .none)
        press(&state, .character("P"))
        SeriesViewFixtures.expectLines(screen(state).lines, [
            " 1 Table   2 Feeds   3 Weather   4 Log   5 Search   6 Downloads        all days",
            "Total: total by year and month, all days",
            "Year   Jan  Feb  Mar     Apr  May  Jun  Jul  Aug  Sep  Oct  Nov  Dec   Total",
            "2016     —    —    —  93,639    —    —    —    —    —    —    —    —  93,639*",
            "Total    —    —    —  93,639    —    —    —    —    —    —    —    —  93,639",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "* a partial period: m compares per-day means",
            " b layout  m per day  % change  s sort  e export  ? help  q back",
            "",
        ])
    }

    /// Every year's months in full where they fit, the totals short; 2012 and 2025 partial.
    @Test func theCityAt120x40() {
        var state = SeriesViewFixtures.cityBrowser(width: 120, height: 40)
        press(&state, .character("P"))
        SeriesViewFixtures.expectLines(screen(state).lines, [
            " Fremont  1 Table   2 Feeds   3 Weather   4 Log   5 Search   6 Downloads                                       all days",
            "Fremont Bridge Sidewalks, south of N 34th St Total: total by year and month, all days",
            "Year      Jan     Feb     Mar     Apr     May     Jun     Jul     Aug     Sep     Oct     Nov     Dec  Total",
            "2012        —       —       —       —       —       —       —       —       —  67,633* 50,647  36,369   155k*",
            "2013   44,884  50,027  66,089  71,998    109k  99,280    118k    105k  80,729  81,352  59,270  43,553   928k",
            "2014   59,873  47,025  63,494  86,855    119k    111k    121k    112k  97,558  83,184  56,990  48,507   1.0M",
            "2015   60,630  58,659  71,144  83,643    108k    114k    113k    103k  91,140  83,003  56,668  43,992   987k",
            "2016   51,733  60,381  69,804  93,639    114k    108k    106k    112k  94,157  69,883  64,097  38,937   982k",
            "2017   49,805  42,001  58,747  68,413    109k    108k    119k    120k  96,498  88,143  57,684  45,862   963k",
            "2018   58,591  50,677  77,284  79,947    130k    113k    128k    112k  96,242  90,982  68,431  46,941   1.1M",
            "2019   72,883  36,099  85,457  87,932    129k    133k    138k    142k    112k    104k  84,963  61,377   1.2M",
            "2020   58,986  72,457  57,897  65,375  72,668  75,787  88,177  88,351  58,143  58,751  39,924  36,077   773k",
            "2021   35,616  29,479  50,200  69,345  73,033  77,473  93,994  86,354  74,366  58,181  40,130  27,459   716k",
            "2022   34,316  38,576  56,375  63,188  73,495  85,259  99,891    104k  90,964  74,451  49,895  26,990   798k",
            "2023   47,629  40,366  60,118  60,494    105k    102k    113k    109k  89,287  79,185  58,015  39,303   903k",
            "2024   43,027  52,749  67,998  78,330  93,884  96,353    116k    108k  94,053  84,052  53,269  43,615   932k",
            "2025   59,389  42,025  67,570  95,742    110k    116k* 52,037*      —       —       —       —       —   543k*",
            "Total    677k    621k    852k    1.0M    1.3M    1.3M    1.4M    1.3M    1.1M    1.0M    740k    539k    12M",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "",
            "* a partial period: m compares per-day means · k thousands, M millions",
            " b layout  m per day  % change  s sort  e export  ? help  q back",
            "",
        ])
    }

    /// The change against the year before, to the percent where 80 columns are all there is.
    @Test func theCitysChangeAt80x24() {
        var state = SeriesViewFixtures.cityBrowser(width: 80, height: 24)
        press(&state, .character("P"), .character("%"))
        SeriesViewFixtures.expectLines(screen(state).lines, [
            " 1 Table   2 Feeds   3 Weather   4 Log   5 Search   6 Downloads        all days",
            "Fremont Bridge Sidewalks, south of N 34th St Total: % change from the year befor",
            "Year    Jan    Feb   Mar   Apr   May   Jun   Jul   Aug   Sep   Oct   Nov   Dec",
            "2012      —      —     —     —     —     —     —     —     —     —     —     —",
            "2013      —      —     —     —     —     —     —     —     —  +20%  +17%  +20%",
            "2014   +33%    -6%   -4%  +21%   +9%  +12%   +2%   +8%  +21%   +2%   -4%  +11%",
            "2015    +1%   +25%  +12%   -4%   -9%   +3%   -7%   -8%   -7%    0%   -1%   -9%",
            "2016   -15%    +3%   -2%  +12%   +6%   -5%   -6%   +9%   +3%  -16%  +13%  -11%",
            "2017    -4%   -30%  -16%  -27%   -4%   +0%  +13%   +7%   +2%  +26%  -10%  +18%",
            "2018   +18%   +21%  +32%  +17%  +19%   +5%   +8%   -7%    0%   +3%  +19%   +2%",
            "2019   +24%   -29%  +11%  +10%   -1%  +17%   +8%  +27%  +17%  +15%  +24%  +31%",
            "2020   -19%  +101%  -32%  -26%  -44%  -43%  -36%  -38%  -48%  -44%  -53%  -41%",
            "2021   -40%   -59%  -13%   +6%   +1%   +2%   +7%   -2%  +28%   -1%   +1%  -24%",
            "2022    -4%   +31%  +12%   -9%   +1%  +10%   +6%  +21%  +22%  +28%  +24%   -2%",
            "2023   +39%    +5%   +7%   -4%  +43%  +20%  +13%   +4%   -2%   +6%  +16%  +46%",
            "2024   -10%   +31%  +13%  +29%  -11%   -6%   +3%    0%   +5%   +6%   -8%  +11%",
            "2025   +38%   -20%   -1%  +22%  +17%  +21%  -55%     —     —     —     —     —",
            "",
            "",
            "",
            "",
            "",
            " b layout  m per day  % change  s sort  e export  ? help  q back",
            " % change against the year before",
        ])
    }

    @Test func bCyclesTheLayoutsAndMShowsPerDayMeans() {
        var view = PivotView(series: SeriesStore(SeriesViewFixtures.city))
        #expect(view.layout.rows == .year && view.layout.columns == .month)
        press(&view, "b", area: Self.area)
        #expect(view.layout.rows == .year && view.layout.columns == .weekday)
        press(&view, "b", area: Self.area)
        #expect(view.layout.rows == .hour && view.layout.columns == .weekday)
        #expect(Self.render(view).line(3).hasPrefix("00:00      4,091      4,876"))
        press(&view, "b", "m", area: Self.area)
        #expect(view.layout.rows == .year && view.layout.columns == .month && view.perDay)
        // pandas: groupby([year, month, date]).sum().groupby([year, month]).mean(): January 2016
        // 51,733 / 31, April 93,639 / 30, without decimals to fit.
        let perDay = Self.render(view)
        #expect(perDay.row(containing: "2016") != nil && perDay.row(containing: "2016") == perDay.row(containing: "1,669"))
        #expect(perDay.line(perDay.row(containing: "2016")!).contains(" 3,121 "))
        // A daily table has no hours: b goes between the two layouts by year.
        var times: [LocalDateTime] = []
        for day in 0..<40 { times.append(LocalDateTime(year: 2024, month: 1, day: 1)!.addingHours(day * 24)) }
        var daily = PivotView(series: SeriesStore(SeriesTable(series: [Series(name: "riders")], times: times, values: [times.map { _ in 2 }])))
        press(&daily, "b", "b", area: Self.area)
        #expect(daily.layout.rows == .year && daily.layout.columns == .month)
    }

    @Test func sortsByAColumnKeepingTheTotalsLast() {
        var view = PivotView(series: SeriesStore(SeriesViewFixtures.city))
        press(&view, "s", area: Self.area)
        // January, largest first: 2019 (72,883), then 2015 (60,630); the totals row stays last.
        var buffer = Self.render(view)
        #expect(buffer.line(3).hasPrefix("2019   72,883") && buffer.line(4).hasPrefix("2015   60,630"))
        #expect(buffer.line(2).contains("Jan▼"))
        #expect(buffer.line(16).hasPrefix("2012        —") && buffer.line(17).hasPrefix("Total"))
        press(&view, "S", area: Self.area)
        buffer = Self.render(view)
        #expect(buffer.line(3).hasPrefix("2022   34,316") && buffer.line(2).contains("Jan▲"))
    }

    @Test func exportsWhatFremontStatsPivotWrites() {
        var view = PivotView(series: SeriesStore(SeriesViewFixtures.city))
        press(&view, "%", area: Self.area)
        let asked = view.perform(.export, in: Self.area)
        guard case .prompt(let label, let name)? = asked.first else { Issue.record("no prompt: \(asked)"); return }
        #expect(label == "Export the year × month pivot to CSV file")
        #expect(name == "fremont-bridge-sidewalks-south-of-n-34th-pivot-year-month-change.csv")
        let effects = view.receive(.answer("/tmp/pivot.csv"), in: Self.area)
        var csv = ""
        SeriesPivotExport.write(view.pivot!, as: .csv, change: true, audience: .spreadsheet) { csv += $0 }
        guard case .run(let command)? = effects.first, case .export(let path, let text, let rows)? = command.subject as? ReaderOutputRequest else { Issue.record("no export: \(effects)"); return }
        #expect(path == "/tmp/pivot.csv" && text == csv && rows == 14)
        #expect(csv.contains("\n2020,-19.067546615808894,100.71747139809966,"))
    }
}
