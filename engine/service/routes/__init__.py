"""The API's routes, one module per resource group; each exports ``router``
and is listed once in ``ledgermind.service.app.ROUTERS``."""
