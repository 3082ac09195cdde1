/// A 3×3 matrix that turns a sensor's axes into the device's (v' = M·v), as udev's
/// `ACCEL_MOUNT_MATRIX` and the IIO `mount_matrix` attribute give it.
public struct MountMatrix: Hashable, Sendable, CustomStringConvertible {
    /// Rows.
    public var rows: [[Double]]

    /// Sensor axes are device axes.
    public static let identity = MountMatrix(rows: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

    /// A matrix of three rows of three.
    public init(rows: [[Double]]) { self.rows = rows }

    /// Parses `"x1, y1, z1; x2, y2, z2; x3, y3, z3"` (udev's syntax; blanks optional).
    ///
    /// A matrix the user gives must be invertible (a singular one is a typo that would
    /// flatten the axes). One the `system` gives (the hwdb, sysfs) need only have no row of
    /// zeros, as iio-sensor-proxy asks: a few hwdb entries are singular (a row repeated, a
    /// sign on z that no one could check) and still right in the screen's plane.
    public init(parsing text: String, system: Bool = false) throws(TactileError) {
        let rowTexts = text.split(separator: ";", omittingEmptySubsequences: false)
        guard rowTexts.count == 3 else {
            throw TactileError(.usage, "mount matrix \"\(text)\": expected three rows separated by ';'")
        }
        var rows: [[Double]] = []
        for (i, rowText) in rowTexts.enumerated() {
            let cells = rowText.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.filter { $0 != " " && $0 != "\t" } }
            guard cells.count == 3 else {
                throw TactileError(.usage, "mount matrix \"\(text)\": row \(i + 1) needs three numbers separated by ','")
            }
            var row: [Double] = []
            for cell in cells {
                guard let v = Double(cell), v.isFinite else {
                    throw TactileError(.usage, "mount matrix \"\(text)\": '\(cell)' is not a number")
                }
                // A mount matrix turns the sensor's axes into the device's: its entries are
                // -1 to 1 (a scale of a few at most); past 1000 the arithmetic overflows.
                guard v.magnitude <= 1000 else {
                    throw TactileError(.usage, "mount matrix \"\(text)\": \(cell) is not an axis's share (they are -1 to 1)")
                }
                row.append(v)
            }
            rows.append(row)
        }
        let m = MountMatrix(rows: rows)
        if system {
            guard !rows.contains(where: { $0.allSatisfy { $0 == 0 } }) else {
                throw TactileError(.badData, "mount matrix \"\(text)\": a row is all zeros")
            }
            self = m
            return
        }
        guard m.determinant.magnitude > 1e-9 else {
            throw TactileError(.usage, "mount matrix \"\(text)\": it is singular (it would flatten the axes)")
        }
        self = m
    }

    /// The determinant: 1 for a proper rotation, −1 for a mirroring one.
    public var determinant: Double {
        let r = rows
        return r[0][0] * (r[1][1] * r[2][2] - r[1][2] * r[2][1])
            - r[0][1] * (r[1][0] * r[2][2] - r[1][2] * r[2][0])
            + r[0][2] * (r[1][0] * r[2][1] - r[1][1] * r[2][0])
    }

    /// `v` in device axes.
    @inlinable public func apply(_ v: SpecificForce) -> SpecificForce {
        SpecificForce(
            x: rows[0][0] * v.x + rows[0][1] * v.y + rows[0][2] * v.z,
            y: rows[1][0] * v.x + rows[1][1] * v.y + rows[1][2] * v.z,
            z: rows[2][0] * v.x + rows[2][1] * v.y + rows[2][2] * v.z)
    }

    /// The transpose: the inverse of a rotation.
    public var transposed: MountMatrix {
        MountMatrix(rows: (0..<3).map { c in (0..<3).map { r in rows[r][c] } })
    }

    public var description: String {
        rows.map { $0.map { v in v == v.rounded() ? String(Int(v)) : String(v) }.joined(separator: ", ") }.joined(separator: "; ")
    }
}
