// The reference for Benchmarks/latency.sh: the least a server can do to answer every request a
// fixed delay after it arrived. One thread, epoll, non-blocking sockets, keep-alive, and one
// response body read from a file at start. A constant delay keeps the waiting requests in arrival
// order, so a ring buffer is the whole timer queue and the loop sleeps until its head is due.
//
//   delay_server PORT DELAY_MS FILE
//
// It parses no more HTTP than wrk sends (GET requests without a body, ended by a blank line) and
// is not part of beagle-mock: it only shows what the machine and the load generator allow.
#define _GNU_SOURCE
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAX_FDS 65536
#define QUEUE_SIZE 262144

struct connection {
    char buffer[4096];
    size_t used;
    uint32_t generation;  // bumped when the descriptor closes, so stale queue entries are skipped
};

struct waiting {
    int fd;
    uint32_t generation;
    uint64_t due;
};

static struct connection *connections[MAX_FDS];
static struct waiting queue[QUEUE_SIZE];
static size_t head, tail;
static char *response;
static size_t response_length;

static uint64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void fail(const char *what) {
    perror(what);
    exit(1);
}

static void close_connection(int epoll, int fd) {
    epoll_ctl(epoll, EPOLL_CTL_DEL, fd, NULL);
    close(fd);
    connections[fd]->used = 0;
    connections[fd]->generation++;
}

// Reads what the client sent and queues one answer per complete request.
static void read_requests(int epoll, int fd, uint64_t delay) {
    struct connection *c = connections[fd];
    for (;;) {
        ssize_t n = read(fd, c->buffer + c->used, sizeof c->buffer - c->used);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == EAGAIN) return;
        if (n <= 0) { close_connection(epoll, fd); return; }
        c->used += (size_t)n;
        char *end;
        while ((end = memmem(c->buffer, c->used, "\r\n\r\n", 4)) != NULL) {
            size_t consumed = (size_t)(end - c->buffer) + 4;
            memmove(c->buffer, c->buffer + consumed, c->used - consumed);
            c->used -= consumed;
            if ((tail + 1) % QUEUE_SIZE == head) { fprintf(stderr, "queue full\n"); exit(1); }
            queue[tail] = (struct waiting){fd, c->generation, now_ns() + delay};
            tail = (tail + 1) % QUEUE_SIZE;
        }
        if (c->used == sizeof c->buffer) { close_connection(epoll, fd); return; }
    }
}

// Writes the answers whose time has come; the socket buffer takes a whole response here.
static void answer_due(int epoll) {
    uint64_t now = now_ns();
    while (head != tail && queue[head].due <= now) {
        struct waiting w = queue[head];
        head = (head + 1) % QUEUE_SIZE;
        if (connections[w.fd]->generation != w.generation) continue;
        size_t sent = 0;
        while (sent < response_length) {
            ssize_t n = write(w.fd, response + sent, response_length - sent);
            if (n > 0) { sent += (size_t)n; continue; }
            if (n < 0 && errno == EINTR) continue;
            if (n < 0 && errno == EAGAIN) {  // rare: wait for room rather than drop the answer
                struct timespec pause = {0, 100000};
                nanosleep(&pause, NULL);
                continue;
            }
            close_connection(epoll, w.fd);
            break;
        }
    }
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: delay_server PORT DELAY_MS FILE\n"); return 2; }
    int port = atoi(argv[1]);
    uint64_t delay = (uint64_t)atoll(argv[2]) * 1000000u;

    FILE *file = fopen(argv[3], "rb");
    if (!file) fail(argv[3]);
    struct stat info;
    fstat(fileno(file), &info);
    char header[256];
    int header_length = snprintf(header, sizeof header,
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %lld\r\n\r\n",
        (long long)info.st_size);
    response_length = (size_t)header_length + (size_t)info.st_size;
    response = malloc(response_length);
    memcpy(response, header, (size_t)header_length);
    if (fread(response + header_length, 1, (size_t)info.st_size, file) != (size_t)info.st_size) fail("read");
    fclose(file);

    int listener = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    int on = 1;
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    struct sockaddr_in address = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port),
                                  .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    if (bind(listener, (struct sockaddr *)&address, sizeof address) < 0) fail("bind");
    if (listen(listener, 4096) < 0) fail("listen");

    int epoll = epoll_create1(0);
    struct epoll_event event = {.events = EPOLLIN, .data.fd = listener};
    epoll_ctl(epoll, EPOLL_CTL_ADD, listener, &event);
    struct epoll_event ready[256];
    for (;;) {
        struct timespec wait, *timeout = NULL;  // epoll_pwait2 waits to the nanosecond
        if (head != tail) {
            uint64_t now = now_ns();
            uint64_t left = queue[head].due > now ? queue[head].due - now : 0;
            wait = (struct timespec){(time_t)(left / 1000000000u), (long)(left % 1000000000u)};
            timeout = &wait;
        }
        int count = epoll_pwait2(epoll, ready, 256, timeout, NULL);
        for (int i = 0; i < count; i++) {
            int fd = ready[i].data.fd;
            if (fd == listener) {
                int client;
                while ((client = accept4(listener, NULL, NULL, SOCK_NONBLOCK)) >= 0) {
                    if (client >= MAX_FDS) { close(client); continue; }
                    setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
                    if (!connections[client]) connections[client] = calloc(1, sizeof(struct connection));
                    struct epoll_event e = {.events = EPOLLIN, .data.fd = client};
                    epoll_ctl(epoll, EPOLL_CTL_ADD, client, &e);
                }
            } else {
                read_requests(epoll, fd, delay);
            }
        }
        answer_due(epoll);
    }
}
