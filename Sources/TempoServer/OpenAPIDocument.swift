/// The HTTP API's OpenAPI 3.1 document (`openapi.yaml`, compiled into the binary so an installed
/// `tempo` needs no resource files), served as is at `GET /openapi.yaml`; `OpenAPIConformanceTests`
/// hold every route to it.
enum OpenAPIDocument {
    static let text = String(decoding: PackageResources.openapi_yaml, as: UTF8.self)
}
