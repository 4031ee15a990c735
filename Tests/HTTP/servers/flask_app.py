"""The Flask app of make test-http, on Werkzeug's server: every route raises an HTTPProblem,
which the binding's Flask error handler answers.

usage: flask_app.py CATALOG PORT
"""

import logging
import sys

from flask import Flask, request

import errorformatter

TYPE_TEMPLATE = "https://errors.example.com/{domain}/{code}"

catalog = errorformatter.Catalog.open(sys.argv[1])
app = Flask(__name__)
app.register_error_handler(errorformatter.HTTPProblem,
                           errorformatter.flask_error_handler(catalog, type_template=TYPE_TEMPLATE,
                                                              members=["code", "domain"]))


@app.get("/errors/<domain>/<int(signed=True):code>")
def fail(domain: str, code: int) -> None:
    raise errorformatter.HTTPProblem(domain, code, status=int(request.args.get("status", 500)),
                                     instance=request.args.get("instance"))


if __name__ == "__main__":
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    app.run(host="127.0.0.1", port=int(sys.argv[2]))
