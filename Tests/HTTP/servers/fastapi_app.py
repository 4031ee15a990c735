"""The FastAPI app of make test-http, under uvicorn: every route raises an HTTPProblem, which the
binding's ASGI exception handler answers.

usage: fastapi_app.py CATALOG PORT
"""

import sys
from typing import Optional

import uvicorn
from fastapi import FastAPI

import errorformatter

TYPE_TEMPLATE = "https://errors.example.com/{domain}/{code}"

catalog = errorformatter.Catalog.open(sys.argv[1])
app = FastAPI()
app.add_exception_handler(errorformatter.HTTPProblem,
                          errorformatter.asgi_exception_handler(catalog, type_template=TYPE_TEMPLATE,
                                                                members=["code", "domain"]))


@app.get("/errors/{domain}/{code}")
def fail(domain: str, code: int, status: int = 500, instance: Optional[str] = None) -> None:
    raise errorformatter.HTTPProblem(domain, code, status=status, instance=instance)


if __name__ == "__main__":
    # Headers up to 128 KiB: the suite sends a 64 KiB Accept-Language.
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning",
                h11_max_incomplete_event_size=128 * 1024)
