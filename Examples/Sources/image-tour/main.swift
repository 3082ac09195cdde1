import ExampleSupport
import Tactile

await runExample(usage: "image-tour [INPUT | --device NODE...] [--view W,H]") {
    let arguments = try Arguments(valued: ["--device", "--view"])
    let input = try ExampleInput(arguments)
    let view = try arguments.size(of: "--view").map { Size(width: $0.0, height: $0.1) } ?? Size(width: 160, height: 90)
    var tour = ImageTour(view: view)
    var started = false
    try await input.forEachEvent { event in
        if !started {
            tour.start(at: event.time).write()
            started = true
        }
        for line in tour.handle(event) { line.write() }
    }
}
