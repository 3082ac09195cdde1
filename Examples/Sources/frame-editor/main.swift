import ExampleSupport
import FrameEditing
import Tactile

await runExample(usage: "frame-editor [INPUT | --device NODE...] [--origin X,Y]") {
    let arguments = try Arguments(valued: ["--device", "--origin"])
    let input = try ExampleInput(arguments)
    let origin = try arguments.size(of: "--origin").map { Point(x: $0.0, y: $0.1) } ?? Point(x: 20, y: 10)
    let surface = try input.touchSurface() ?? Size(width: 155, height: 87)
    var editor = FrameEditor(image: origin, surface: surface)
    try await input.forEachEvent { event in
        for line in editor.handle(event) { line.write() }
    }
    for line in editor.finish() { line.write() }
}
