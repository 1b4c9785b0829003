/// Writes `SeriesOutages` (`fremont stats FILE --gaps`): every run of readings without a value,
/// its start, end and length in the table's step, as an aligned table, CSV or JSON.
public enum SeriesOutagesExport {
    public static func write(_ outages: SeriesOutages, as format: SeriesStatsExport.Format, emit: (String) -> Void) {
        let dated = outages.step.isDailyOrLonger
        func text(_ time: LocalDateTime) -> String { dated ? time.isoDateString : time.isoString }
        let unit = outages.step.unit
        switch format {
        case .csv:
            // Plain dates and numbers only: nothing a spreadsheet could run.
            emit("start,end,\(unit)s\n")
            for run in outages.runs { emit("\(text(run.start)),\(text(run.end)),\(run.length)\n") }
        case .json:
            guard !outages.runs.isEmpty else {
                emit("[]\n")
                return
            }
            emit("[\n")
            for (index, run) in outages.runs.enumerated() {
                let comma = index == outages.runs.count - 1 ? "" : ","
                emit("{\"start\":\"\(text(run.start))\",\"end\":\"\(text(run.end))\",\"\(unit)s\":\(run.length)}\(comma)\n")
            }
            emit("]\n")
        case .table:
            let width = dated ? 10 : 19
            emit(NumberText.padRight("start", width) + "  " + NumberText.padRight("end", width) + "  " + NumberText.padLeft("\(unit)s", 8) + "\n")
            for run in outages.runs {
                emit(text(run.start) + "  " + text(run.end) + "  " + NumberText.padLeft(NumberText.grouped(run.length), 8) + "\n")
            }
            emit("\(NumberText.count(outages.missing, unit)) without a value in \(NumberText.count(outages.runs.count, "run"))\n")
        }
    }
}
