import Tactile

/// What a picture of a recording shows (`tactile plot`, `tactile view`): each device, and
/// what happened on it inside a time window: contact paths, accelerometer samples, and
/// the gesture and orientation lines. Lines are recognized on the whole recording and
/// then windowed, so a window shows the lines `recognize` writes, not those of a
/// recording cut short.
struct Scene {
    /// One contact from touch-down to lift.
    struct Track {
        var id: Int
        var tool: Tool
        /// Thinned to what a picture can show (`SceneBuilder.step`); the last point is
        /// always the contact's last place.
        var points: [TrackPoint]
        /// When it lifted (the first frame without it), else the last frame it was in.
        var end: Double
        var lifted: Bool
    }

    struct TrackPoint {
        var t: Double
        var x: Double
        var y: Double
        var pressure: Double?
    }

    struct Sample {
        var t: Double
        var x: Double, y: Double, z: Double
    }

    /// One device and what it saw; `lines` are its gesture or orientation lines, with the
    /// time until which each is shown as happening (`SceneLine`).
    struct Panel {
        var device: DeviceDescription
        var tracks: [Track] = []
        var samples: [Sample] = []
        var lines: [SceneLine] = []

        var isAccelerometer: Bool { device.kind == .accelerometer }

        /// The surface in mm: the device's size, else what its contacts covered (from the
        /// origin, as touch coordinates start there).
        var surface: Size {
            if let size = device.size { return size }
            var w = 10.0, h = 10.0
            for track in tracks {
                for p in track.points { w = max(w, p.x); h = max(h, p.y) }
            }
            return Size(width: w.rounded(.up), height: h.rounded(.up))
        }
    }

    var panels: [Panel]
    /// The window, in trace seconds.
    var start: Double
    var end: Double
    /// Every line in time order, as `recognize` writes them.
    var lines: [SceneLine]
    /// What the picture is of (the input's name).
    var title: String

    var duration: Double { max(0, end - start) }
}

/// A recognized line with the time until which it counts as happening: a began or changed
/// line until the next line of its gesture on its device, an orientation until the next
/// one (or the window's end), anything else for `SceneLine.glance`.
struct SceneLine {
    var event: RecognizedEvent
    var until: Double
    var t: Double { event.time.seconds }
    var device: Int {
        switch event {
        case .gesture(let g): return g.device
        case .orientation(let o): return o.device
        }
    }

    /// How long a discrete or final line stays highlighted: long enough to see.
    static let glance = 0.3
}
