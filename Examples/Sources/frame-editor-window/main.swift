import ExampleSupport
import ExampleWindow
import FrameEditing
import Tactile

let usage = "frame-editor-window \(WindowOptions.usage) [--card W,H] [--origin X,Y]"
runExample(usage: usage, onMainThread: {
    let arguments = try Arguments(valued: WindowOptions.valued.union(["--card", "--origin"]), flags: WindowOptions.flags)
    let options = try WindowOptions(arguments)
    // A recording's surface, a device's, or (with neither) the window's.
    let surface = try options.input.map { try $0.touchSurface() ?? Size(width: 155, height: 87) }
    var loop = try WindowLoop(title: "frame-editor", surface: surface, options: options, gestures: [.pinch, .rotate, .pan])
    let shown = surface ?? loop.viewport.surface
    let card = try arguments.size(of: "--card").map { Size(width: $0.0, height: $0.1) } ?? Size(width: 30, height: 18)
    // The card starts in the middle of the surface unless told.
    let origin = try arguments.size(of: "--origin").map { Point(x: $0.0, y: $0.1) }
        ?? Point(x: (shown.width.value - card.width.value) / 2, y: (shown.height.value - card.height.value) / 2)
    var app = EditorWindow(editor: FrameEditor(image: origin, surface: shown), card: card)
    try loop.run(&app)
})
