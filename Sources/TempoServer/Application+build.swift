import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

/// The Tempo server: an application serving `configuration` from its SQLite file, or from its
/// PostgreSQL database (connected and migrated before this returns).
///
/// `now` is the wall clock every handler reads (a test passes a fixed one); `onServerRunning`
/// receives the bound port (with `port: 0`, the one the system picked).
public func buildApplication(
    configuration: ServerConfiguration,
    logger: Logger = Logger(label: "tempo.server"),
    now: @escaping @Sendable () -> Date = { Date() },
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    let store: any ServerStorage
    var services: [any Service] = []
    var postgres: PostgresStore?
    if let url = configuration.postgresURL {
        let opened = try await PostgresStore.open(url: url, logger: logger)
        // First in, last out: the other services stop before the connections close.
        services.append(opened)
        postgres = opened
        store = opened
    } else {
        store = try ServerStore(path: configuration.databasePath)
    }
    let hub = LiveHub(store: store)
    let tokens = TokenCache()
    let timerDeadlines = TimerDeadlines(store: store, hub: hub, now: now, logger: logger)
    services.append(timerDeadlines)
    if let postgres {
        services.append(PostgresNotifications(store: postgres, hub: hub, tokens: tokens, deadlines: timerDeadlines))
    }
    let router = buildRouter(store: store, configuration: configuration, hub: hub, tokens: tokens, timerDeadlines: timerDeadlines, now: now)
    return Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "tempo"),
        services: services,
        onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? configuration.port) },
        logger: logger
    )
}

/// Every route, in one router: `/health`, `/openapi.yaml`, the dashboard (`/`, `/assets/`, `/session`) and the `/v1` API; `hub` wakes the
/// live streams and `timerDeadlines` (a service of the application) announces timers' ends.
func buildRouter(
    store: any ServerStorage, configuration: ServerConfiguration, hub: LiveHub, tokens: TokenCache, timerDeadlines: TimerDeadlines,
    now: @escaping @Sendable () -> Date
) -> Router<TempoRequestContext> {
    let router = Router(context: TempoRequestContext.self)
    router.addMiddleware {
        LogRequestsMiddleware(.debug)
        ErrorMiddleware()
        MethodNotAllowedMiddleware(document: OpenAPIDocument.text)
    }
    router.get("health") { _, _ in try JSONBody.response(.ok, ["status": "ok"]) }
    router.get("openapi.yaml") { _, _ in
        Response(status: .ok, headers: [.contentType: "application/yaml"], body: .init(byteBuffer: .init(string: OpenAPIDocument.text)))
    }
    let accounts = AccountController(store: store, tokens: tokens, passwordCost: configuration.passwordCost, now: now)
    let dashboard = DashboardController(accounts: accounts)
    dashboard.addPublicRoutes(to: router)
    dashboard.addRoutes(to: router.group().add(middleware: AuthMiddleware(store: store, tokens: tokens)))
    let api = router.group("v1")
    accounts.addPublicRoutes(to: api)
    let authenticated = api.group().add(middleware: AuthMiddleware(store: store, tokens: tokens))
    accounts.addRoutes(to: authenticated)
    FocusController(store: store, hub: hub, now: now).addRoutes(to: authenticated)
    ChangesController(store: store).addRoutes(to: authenticated)
    LiveController(store: store, hub: hub).addRoutes(to: authenticated)
    TimersController(store: store, hub: hub, deadlines: timerDeadlines, now: now).addRoutes(to: authenticated)
    PlacesController(store: store, hub: hub, monitors: PlaceMonitors(), now: now).addRoutes(to: authenticated)
    BadgesController(store: store, hub: hub).addRoutes(to: authenticated)
    RunController(store: store, hub: hub, cache: LiveRunCache(), now: now).addRoutes(to: authenticated)
    return router
}

/// Serves until SIGTERM or SIGINT, then finishes the requests in flight and returns; `now` is the
/// wall clock the handlers read.
public func runServer(
    configuration: ServerConfiguration, now: @escaping @Sendable () -> Date, onServerRunning: @escaping @Sendable (Int) async -> Void
) async throws {
    var logger = Logger(label: "tempo.server")
    logger.logLevel = configuration.logLevel
    try await buildApplication(configuration: configuration, logger: logger, now: now, onServerRunning: onServerRunning).runService()
}

