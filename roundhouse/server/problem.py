"""Refusals the API reports as readable JSON (``{"error": {"code", "message", ...}}``)."""

from __future__ import annotations


class Problem(Exception):
    """A request the server refuses, with the HTTP status and a stable code for clients."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        *,
        rule: str | None = None,
        citation: str | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.rule = rule
        self.citation = citation

    def body(self) -> dict[str, object]:
        error: dict[str, object] = {"code": self.code, "message": self.message}
        if self.rule is not None:
            error["rule"] = self.rule
        if self.citation is not None:
            error["citation"] = self.citation
        return {"error": error}
