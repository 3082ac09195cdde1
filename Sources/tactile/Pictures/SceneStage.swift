import Tactile

/// The pipeline stage behind `plot` and `view`: assembles each event and recognizes it,
/// handing on both, so a picture shows the frames and the lines of one pass over the input
/// (standard input included).
struct SceneStage: PipelineStage {
    enum Item {
        case input(InputEvent)
        case line(RecognizedEvent)
    }

    private var assembler: Assembler
    private var recognizer: TraceRecognizer
    private var lines: [RecognizedEvent] = []

    /// The assembled header: device sizes after `size`.
    var devices: InputDevices { assembler.header }

    init(header: InputDevices, size: Size?, settings: GestureSettings, gestures: Set<GestureKind>? = nil,
         orientation: OrientationSettings = OrientationSettings(), profile: DeviceKind?) {
        assembler = Assembler(header: header, size: size)
        // Fed assembled frames, it recognizes what `recognize` does on the raw ones.
        recognizer = TraceRecognizer(header: assembler.header, settings: settings, gestures: gestures,
                                     orientation: orientation, profile: profile)
    }

    mutating func process(_ events: inout [InputEvent], _ range: Range<Int>, into output: inout [Item]) {
        for i in range {
            guard let event = assembler.process(events[i]) else { continue }
            recognizer.process(event, into: &lines)
            output.append(.input(event))
            handOn(into: &output)
        }
    }

    mutating func finish(into output: inout [Item]) {
        recognizer.finish(into: &lines)
        handOn(into: &output)
    }

    private mutating func handOn(into output: inout [Item]) {
        for line in lines { output.append(.line(line)) }
        lines.removeAll(keepingCapacity: true)
    }
}
