import ExampleSupport
import Tactile

/// A gallery that turns with the device while the rest of the screen does not.
///
/// The screen has a toolbar along its top (which never turns) and, below it, a square-ish
/// gallery area. Only the gallery follows the interface orientation: it turns about its
/// own centre, its bounds swap in landscape, and it lays out its thumbnails per
/// orientation (2 columns in portrait, 3 in landscape, 4 mm gutters). Unknown, face up and
/// face down are ignored (they change no orientation); a rotation lock and an allowed set
/// are honoured. They are the gallery's alone, so it runs an orientation filter of its
/// own on the accelerometer's samples, with its lock and allowed set
/// (`OrientationSettings.lock`, `.allowed`), whatever the rest of the app does.
struct Gallery {
    /// The gallery's area in portrait screen coordinates.
    let area: Rect
    let count: Int
    private(set) var orientation: InterfaceOrientation?
    private var rotation = 0.0
    private var filter: OrientationFilter

    init(screen: Size, settings: OrientationSettings, count: Int = 6) {
        let toolbar = 14.0
        area = Rect(x: 0, y: toolbar, width: screen.width.value, height: screen.height.value - toolbar)
        self.count = count
        filter = OrientationFilter(settings: settings)
    }

    mutating func handle(_ event: AppEvent) -> JSONLine? {
        // docs:begin own-filter
        guard case .accel(let sample) = event, let o = filter.process(sample) else { return nil }
        // A pose alone (face up, face down) keeps the orientation: nothing turns.
        guard o.orientation != orientation else { return nil }
        // docs:end own-filter
        rotation += (orientation == nil ? o.rotation : o.rotationDelta).radians
        orientation = o.orientation
        return layout(at: o.time)
    }

    private func layout(at time: Timestamp) -> JSONLine {
        let landscape = orientation?.isLandscape ?? false
        let bounds = landscape ? Size(width: area.height, height: area.width) : Size(width: area.width, height: area.height)
        let columns = landscape ? 3 : 2
        let rows = (count + columns - 1) / columns
        let gutter = 4.0
        let w = (bounds.width.value - gutter * Double(columns + 1)) / Double(columns)
        let h = (bounds.height.value - gutter * Double(rows + 1)) / Double(rows)
        let cells: [[Double]] = (0..<count).map { i in
            [gutter + Double(i % columns) * (w + gutter), gutter + Double(i / columns) * (h + gutter), w, h]
        }
        let placement = Placement(center: Point(x: area.x + area.width / 2, y: area.y + area.height / 2), rotation: rotation)
        var line = JSONLine("layout", at: time)
        line.add("orientation", orientation?.rawValue ?? "unknown")
        line.add("bounds", bounds)
        line.add("rotation", rotation)
        line.add("transform", placement.transform(for: bounds))
        line.add("columns", columns)
        line.add("rows", rows)
        line.add("cells", rows: cells)
        return line
    }
}
