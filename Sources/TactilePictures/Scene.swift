import Tactile

/// What a picture of a recording shows (`tactile plot`, `tactile view`): each device, and
/// what happened on it inside a time window: contact paths, accelerometer samples, and
/// the gesture and orientation lines. Lines are recognized on the whole recording and
/// then windowed, so a window shows the lines `recognize` writes, not those of a
/// recording cut short.
public struct Scene {
    /// One contact from touch-down to lift.
    public struct Track {
        public var id: Int
        public var tool: Tool
        /// Thinned to what a picture can show (`SceneBuilder.step`); the last point is
        /// always the contact's last place.
        public var points: [TrackPoint]
        /// When it lifted (the first frame without it), else the last frame it was in.
        public var end: Double
        public var lifted: Bool
        /// Its colour, an index into the pictures' palette: contacts down at the same time
        /// have different ones (`ContactColours.assign`).
        public var colour = 0
    }

    public struct TrackPoint {
        public var t: Double
        public var x: Double
        public var y: Double
        public var pressure: Double?
    }

    public struct Sample {
        public var t: Double
        public var x: Double, y: Double, z: Double
    }

    /// One device and what it saw; `lines` are its gesture or orientation lines, with the
    /// time until which each is shown as happening (`SceneLine`).
    public struct Panel {
        public var device: DeviceDescription
        public var tracks: [Track] = []
        public var samples: [Sample] = []
        public var lines: [SceneLine] = []

        public var isAccelerometer: Bool { device.kind == .accelerometer }

        /// The surface in mm: the device's size, else what its contacts covered (from the
        /// origin, as touch coordinates start there).
        public var surface: Size {
            if let size = device.size { return size }
            var w = 10.0, h = 10.0
            for track in tracks {
                for p in track.points { w = max(w, p.x); h = max(h, p.y) }
            }
            return Size(width: w.rounded(.up), height: h.rounded(.up))
        }
    }

    public var panels: [Panel]
    /// The window, in trace seconds.
    public var start: Double
    public var end: Double
    /// Every line in time order, as `recognize` writes them.
    public var lines: [SceneLine]
    /// What the picture is of (the input's name).
    public var title: String

    public var duration: Double { max(0, end - start) }
}

/// A recognized line with the time until which it counts as happening: a began or changed
/// line until the next line of its gesture on its device, an orientation until the next
/// one (or the window's end), anything else for `SceneLine.glance`.
public struct SceneLine {
    public var event: RecognizedEvent
    public var until: Double
    public var t: Double { event.time.seconds }
    public var device: Int {
        switch event {
        case .gesture(let g): return g.device
        case .orientation(let o): return o.device
        }
    }

    /// How long a discrete or final line stays highlighted: long enough to see.
    static let glance = 0.3
}
