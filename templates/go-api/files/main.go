package main

import (
	"context"
	"encoding/json"
	"errors"
	"log"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"
)

var levels = map[string]int{"debug": 0, "info": 1, "warn": 2, "error": 3}

type logger struct{ min int }

func newLogger(level string) logger {
	min, ok := levels[strings.ToLower(level)]
	if !ok {
		min = levels["info"]
	}
	return logger{min: min}
}

func (l logger) log(level, message string, fields map[string]any) {
	if levels[level] < l.min {
		return
	}
	entry := map[string]any{"time": time.Now().UTC().Format(time.RFC3339), "level": level, "msg": message}
	for k, v := range fields {
		entry[k] = v
	}
	line, _ := json.Marshal(entry)
	log.Writer().Write(append(line, '\n'))
}

func writeJSON(w http.ResponseWriter, status int, body any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(body)
}

func newMux(env string, started time.Time) *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("/health", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	mux.HandleFunc("/api/info", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			writeJSON(w, http.StatusMethodNotAllowed, map[string]string{"error": "method not allowed"})
			return
		}
		writeJSON(w, http.StatusOK, map[string]any{
			"name":           projectName,
			"description":    projectDescription,
			"environment":    env,
			"uptime_seconds": int(time.Since(started).Seconds()),
		})
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeJSON(w, http.StatusNotFound, map[string]string{"error": "not found"})
	})
	return mux
}

func withLogging(l logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		started := time.Now()
		next.ServeHTTP(w, r)
		l.log("debug", "request", map[string]any{"method": r.Method, "path": r.URL.Path, "ms": time.Since(started).Milliseconds()})
	})
}

func getenv(name, fallback string) string {
	if value := os.Getenv(name); value != "" {
		return value
	}
	return fallback
}

func main() {
	l := newLogger(getenv("LOG_LEVEL", "info"))
	addr := ":" + getenv("PORT", "8080")
	server := &http.Server{
		Addr:              addr,
		Handler:           withLogging(l, newMux(getenv("APP_ENV", "production"), time.Now())),
		ReadHeaderTimeout: 5 * time.Second,
	}

	stop, cancel := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer cancel()
	go func() {
		<-stop.Done()
		ctx, done := context.WithTimeout(context.Background(), 10*time.Second)
		defer done()
		server.Shutdown(ctx)
	}()

	l.log("info", "listening", map[string]any{"addr": addr})
	if err := server.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		l.log("error", "server failed", map[string]any{"error": err.Error()})
		os.Exit(1)
	}
}
