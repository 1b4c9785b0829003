/// Least squares by Householder QR with column pivoting (LAPACK's dgeqp3 way, in Swift: the
/// machine has no LAPACK to link): the design is never squared into normal equations, so a fit
/// keeps the digits numpy's `lstsq` keeps. A column that adds nothing (all zeros in a bootstrap
/// sample with no holiday, say) gets coefficient 0, as the minimum-norm answer gives it.
public struct LeastSquares: Sendable {
    public let coefficients: [Double]
    /// Columns the fit could use (the numerical rank).
    public let rank: Int

    /// Columns' norms below this fraction of the largest are taken as dependent.
    static let rankTolerance = 1e-10

    /// - Parameters:
    ///   - columns: the design, a column at a time, each `y.count` long.
    ///   - y: what is fitted.
    public init(columns: [[Double]], y: [Double]) {
        let n = y.count, p = columns.count
        var a = columns  // overwritten by R above the diagonal and the reflectors below
        var b = y
        var order = Array(0..<p)
        var norms = a.map { column in column.reduce(0) { $0 + $1 * $1 } }
        let largest = norms.max().map { $0.squareRoot() } ?? 0
        var rank = 0
        var diagonal = [Double](repeating: 0, count: p)
        for k in 0..<min(n, p) {
            // The column with the most left in it comes next (norms of the rows from k down).
            var best = k
            for j in k..<p where norms[j] > norms[best] { best = j }
            if best != k {
                a.swapAt(k, best)
                norms.swapAt(k, best)
                order.swapAt(k, best)
            }
            var sigma = 0.0
            for i in k..<n { sigma += a[k][i] * a[k][i] }
            let norm = sigma.squareRoot()
            guard norm > Self.rankTolerance * max(largest, 1e-300) else { break }
            // v = x + sign(x0)·|x|·e0, kept in place; R's diagonal entry is -sign(x0)·|x|.
            let head = a[k][k]
            let alpha = head >= 0 ? -norm : norm
            a[k][k] = head - alpha
            let vNorm2 = sigma - head * head + a[k][k] * a[k][k]  // |x - alpha e0|²
            diagonal[k] = alpha
            if vNorm2 > 0 {
                for j in (k + 1)..<p {
                    var dot = 0.0
                    for i in k..<n { dot += a[k][i] * a[j][i] }
                    let scale = 2 * dot / vNorm2
                    for i in k..<n { a[j][i] -= scale * a[k][i] }
                }
                var dot = 0.0
                for i in k..<n { dot += a[k][i] * b[i] }
                let scale = 2 * dot / vNorm2
                for i in k..<n { b[i] -= scale * a[k][i] }
            }
            // What is left of each later column below row k.
            for j in (k + 1)..<p { norms[j] = max(0, norms[j] - a[j][k] * a[j][k]) }
            rank = k + 1
        }
        // Back substitution over the first `rank` columns; the others stay 0.
        var solution = [Double](repeating: 0, count: p)
        for k in stride(from: rank - 1, through: 0, by: -1) {
            var sum = b[k]
            for j in (k + 1)..<rank { sum -= a[j][k] * solution[j] }
            solution[k] = sum / diagonal[k]
        }
        var coefficients = [Double](repeating: 0, count: p)
        for (position, column) in order.enumerated() { coefficients[column] = solution[position] }
        self.coefficients = coefficients
        self.rank = rank
    }
}
