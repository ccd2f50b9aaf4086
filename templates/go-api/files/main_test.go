package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

func TestHealth(t *testing.T) {
	rec := httptest.NewRecorder()
	newMux("test", time.Now()).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/health", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("status %d, want 200", rec.Code)
	}
}

func TestInfo(t *testing.T) {
	rec := httptest.NewRecorder()
	newMux("test", time.Now()).ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/info", nil))
	var body map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	if body["name"] != projectName || body["environment"] != "test" {
		t.Fatalf("unexpected body %v", body)
	}
}
