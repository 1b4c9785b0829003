extension BrailleCanvas {
    /// Draws `values` (one a slot, `.nan` or infinite where missing) as a line: each dot column
    /// spans the least to the greatest value of the slots it holds, so a one-day spike among a
    /// month of days still shows, and consecutive present slots are joined. A missing slot joins
    /// nothing: its place stays blank, never drawn as zero. O(slots + dots of the lines drawn).
    mutating func plot(_ values: [Double], slots: SlotScale, dotY: (Double) -> Int) {
        let count = min(values.count, slots.count)
        guard count > 0 else { return }
        values.withUnsafeBufferPointer { values in
            // The last present slot drawn, and where.
            var previous = -2
            var previousPoint = (x: 0, y: 0)
            for dot in 0..<slots.dots {
                let items = slots.items(inDot: dot).clamped(to: 0..<count)
                guard !items.isEmpty else { continue }
                var low = Double.infinity, high = -Double.infinity
                var firstPresent = -1, lastPresent = -1
                for index in items {
                    let value = values[index]
                    guard value.isFinite else { continue }
                    if firstPresent < 0 { firstPresent = index }
                    lastPresent = index
                    low = min(low, value)
                    high = max(high, value)
                }
                guard firstPresent >= 0 else { continue }
                if previous == firstPresent - 1 {
                    line(from: previousPoint, to: (dot, dotY(values[firstPresent])))
                }
                verticalLine(x: dot, from: dotY(low), to: dotY(high))
                previous = lastPresent
                previousPoint = (dot, dotY(values[lastPresent]))
            }
        }
    }
}
