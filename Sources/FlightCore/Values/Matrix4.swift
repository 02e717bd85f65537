/// A 4×4 matrix as four row vectors, in the row-vector convention CoreAnimation uses
/// (`p′ = p · M`, translation in the last row). Internal arithmetic for transforms.
struct Matrix4: Equatable {
    var rows: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>)

    static let identity = Matrix4(rows: (SIMD4(1, 0, 0, 0), SIMD4(0, 1, 0, 0), SIMD4(0, 0, 1, 0), SIMD4(0, 0, 0, 1)))

    init(rows: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD4<Double>)) {
        self.rows = rows
    }

    subscript(row: Int) -> SIMD4<Double> {
        get {
            switch row {
            case 0: rows.0
            case 1: rows.1
            case 2: rows.2
            default: rows.3
            }
        }
        set {
            switch row {
            case 0: rows.0 = newValue
            case 1: rows.1 = newValue
            case 2: rows.2 = newValue
            default: rows.3 = newValue
            }
        }
    }

    subscript(row: Int, column: Int) -> Double {
        get { self[row][column] }
        set { self[row][column] = newValue }
    }

    static func == (lhs: Matrix4, rhs: Matrix4) -> Bool {
        lhs.rows.0 == rhs.rows.0 && lhs.rows.1 == rhs.rows.1 && lhs.rows.2 == rhs.rows.2 && lhs.rows.3 == rhs.rows.3
    }

    /// `self · other`: in the row-vector convention, `self` is applied first.
    static func * (lhs: Matrix4, rhs: Matrix4) -> Matrix4 {
        func row(_ r: SIMD4<Double>) -> SIMD4<Double> {
            r[0] * rhs.rows.0 + r[1] * rhs.rows.1 + r[2] * rhs.rows.2 + r[3] * rhs.rows.3
        }
        return Matrix4(rows: (row(lhs.rows.0), row(lhs.rows.1), row(lhs.rows.2), row(lhs.rows.3)))
    }

    /// Cofactors of the 4×4 matrix, via the 2×2 sub-determinants of its row pairs.
    private var cofactorParts: (s: SIMD8<Double>, c: SIMD8<Double>) {
        let (a, b, c, d) = rows
        let s = SIMD8<Double>(a[0] * b[1] - b[0] * a[1], a[0] * b[2] - b[0] * a[2], a[0] * b[3] - b[0] * a[3],
                 a[1] * b[2] - b[1] * a[2], a[1] * b[3] - b[1] * a[3], a[2] * b[3] - b[2] * a[3], 0, 0)
        let t = SIMD8<Double>(c[0] * d[1] - d[0] * c[1], c[0] * d[2] - d[0] * c[2], c[0] * d[3] - d[0] * c[3],
                 c[1] * d[2] - d[1] * c[2], c[1] * d[3] - d[1] * c[3], c[2] * d[3] - d[2] * c[3], 0, 0)
        return (s, t)
    }

    var determinant: Double {
        let (s, c) = cofactorParts
        return s[0] * c[5] - s[1] * c[4] + s[2] * c[3] + s[3] * c[2] - s[4] * c[1] + s[5] * c[0]
    }

    /// The inverse, or nil when the determinant is 0.
    var inverse: Matrix4? {
        let (s, c) = cofactorParts
        let det = s[0] * c[5] - s[1] * c[4] + s[2] * c[3] + s[3] * c[2] - s[4] * c[1] + s[5] * c[0]
        guard det != 0, det.isFinite else { return nil }
        let (a, b, e, f) = (rows.0, rows.1, rows.2, rows.3)
        let k = 1 / det
        let r0 = SIMD4(b[1] * c[5] - b[2] * c[4] + b[3] * c[3],
                       -a[1] * c[5] + a[2] * c[4] - a[3] * c[3],
                       f[1] * s[5] - f[2] * s[4] + f[3] * s[3],
                       -e[1] * s[5] + e[2] * s[4] - e[3] * s[3])
        let r1 = SIMD4(-b[0] * c[5] + b[2] * c[2] - b[3] * c[1],
                       a[0] * c[5] - a[2] * c[2] + a[3] * c[1],
                       -f[0] * s[5] + f[2] * s[2] - f[3] * s[1],
                       e[0] * s[5] - e[2] * s[2] + e[3] * s[1])
        let r2 = SIMD4(b[0] * c[4] - b[1] * c[2] + b[3] * c[0],
                       -a[0] * c[4] + a[1] * c[2] - a[3] * c[0],
                       f[0] * s[4] - f[1] * s[2] + f[3] * s[0],
                       -e[0] * s[4] + e[1] * s[2] - e[3] * s[0])
        let r3 = SIMD4(-b[0] * c[3] + b[1] * c[1] - b[2] * c[0],
                       a[0] * c[3] - a[1] * c[1] + a[2] * c[0],
                       -f[0] * s[3] + f[1] * s[1] - f[2] * s[0],
                       e[0] * s[3] - e[1] * s[1] + e[2] * s[0])
        return Matrix4(rows: (r0 * k, r1 * k, r2 * k, r3 * k))
    }
}
