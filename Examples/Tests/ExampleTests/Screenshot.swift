import Foundation

/// A window's screenshot as the windowed examples write it (SDL_SaveBMP of a 24-bit
/// surface: a BMP, rows bottom-up, each padded to 4 bytes, blue-green-red), read for its
/// pixels.
struct Screenshot {
    let width: Int, height: Int
    private let bytes: [UInt8]
    private let offset: Int, stride: Int, bottomUp: Bool

    init(path: String) throws {
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func int(_ at: Int, _ n: Int) -> Int {
            (0..<n).reduce(0) { $0 | Int(data[at + $1]) << (8 * $1) }
        }
        guard data.count > 54, data[0] == UInt8(ascii: "B"), data[1] == UInt8(ascii: "M") else {
            throw ExampleError("\(path): not a BMP file")
        }
        guard int(28, 2) == 24, int(30, 4) == 0 else {
            throw ExampleError("\(path): \(int(28, 2)) bits a pixel, compression \(int(30, 4)); expected 24, none")
        }
        offset = int(10, 4)
        width = int(18, 4)
        let h = Int32(truncatingIfNeeded: int(22, 4))
        height = Int(abs(h))
        bottomUp = h > 0
        stride = (width * 3 + 3) / 4 * 4
        guard data.count >= offset + stride * height else { throw ExampleError("\(path): shorter than its pixels") }
        bytes = data
    }

    /// The pixel at column `x`, row `y` from the top.
    func rgb(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
        let row = bottomUp ? height - 1 - y : y
        let i = offset + row * stride + x * 3
        return (Int(bytes[i + 2]), Int(bytes[i + 1]), Int(bytes[i]))
    }

    /// The centre of the pixels `matching`, and how many there are; nil for none.
    func centroid(_ matching: (Int, Int, Int) -> Bool) -> (x: Double, y: Double, count: Int)? {
        var sx = 0.0, sy = 0.0, n = 0
        for y in 0..<height {
            for x in 0..<width {
                let p = rgb(x, y)
                if matching(p.r, p.g, p.b) { sx += Double(x); sy += Double(y); n += 1 }
            }
        }
        // A pixel's centre is half a pixel in from its corner.
        return n == 0 ? nil : (sx / Double(n) + 0.5, sy / Double(n) + 0.5, n)
    }
}

/// The test card's corner markers (ExampleWindow's TestCard, as its doc comment describes
/// it): red, green, blue, yellow clockwise from the top-left; squares 0.22 of the card's
/// shorter side, 0.06 of it in from both edges.
enum Card {
    static let colours: [(name: String, matches: @Sendable (Int, Int, Int) -> Bool)] = [
        ("red", { $0 > 200 && $1 < 60 && $2 < 60 }), ("green", { $0 < 60 && $1 > 200 && $2 < 60 }),
        ("blue", { $0 < 60 && $1 < 60 && $2 > 200 }), ("yellow", { $0 > 200 && $1 > 200 && $2 < 60 }),
    ]

    /// The markers' centres on a card `w` × `h`, in its own coordinates.
    static func markers(_ w: Double, _ h: Double) -> [(Double, Double)] {
        let near = min(w, h) * (0.06 + 0.22 / 2)
        return [(near, near), (w - near, near), (w - near, h - near), (near, h - near)]
    }

    /// Each marker's centre found in `shot`, in pixels, by colour; nil where none shows.
    static func found(in shot: Screenshot) -> [(x: Double, y: Double)?] {
        colours.map { colour in shot.centroid(colour.matches).map { ($0.x, $0.y) } }
    }

    /// The largest distance in pixels between where the markers are `expected` and where
    /// they are `found` (infinity when one is missing).
    static func worst(_ expected: [(Double, Double)], _ found: [(x: Double, y: Double)?]) -> Double {
        zip(expected, found).map { e, f in
            f.map { ((e.0 - $0.x) * (e.0 - $0.x) + (e.1 - $0.y) * (e.1 - $0.y)).squareRoot() } ?? .infinity
        }.max() ?? .infinity
    }
}
