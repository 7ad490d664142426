import ScreenModel
import DemoApp
let app = DemoApp.load()
for s in app.screens {
    for t in Technology.allCases {
        let o = NavigationOrder(screen: s, technology: t)
        print(s.name, t, o.stops.map { s.label(of: $0) ?? "?" }, o.groups.count)
    }
}
