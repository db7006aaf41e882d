/* bench-net.c: a move's round trip through an XMPP server, and the main thread's stalls
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage (through bench/net.sh, which starts the server): bench-net [ROUND_TRIPS [PAIRS]]
 *
 * Two XMPP transports (two accounts) join one room on the Prosody of
 * tests/net/prosody-run.sh. One sends a move-sized line, the other sends it back as soon as
 * it arrives; the time from sending to hearing the answer is one round trip. Meanwhile a
 * GLib timeout due every millisecond on the main context records how late it fires: the
 * longest the main thread was held (by the transports, or by anything else on a busy
 * machine), while connecting and while exchanging, and the main thread's own CPU time
 * between two ticks, which tells the transports' work from the scheduler's delays.
 *
 * With PAIRS, that many pairs of guests then play at once, each in a room of its own, 100
 * round trips each, to show how the latency and the server's CPU time grow.
 */

#define G_LOG_DOMAIN "crapette-bench"

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench-stats.h"
#include "crapette-xmpp-transport.h"

#define TICK_MS 1
#define LIMIT_US (60 * G_TIME_SPAN_SECOND)

typedef struct
{
  GArray *lateness_ms;
  GArray *cpu_ms;
  gint64 due_us;
  double last_cpu_ms;
} Ticker;

/* The main thread's CPU time (bench_thread_cpu_ms()) is taken at each tick: a tick late while
 * the main thread used none is the scheduler giving the core to others (two shared cores, TLS
 * handshakes and the server), not the main thread being held by the transports. */

typedef struct
{
  CrapetteTransport *host;
  CrapetteTransport *guest;
  gint64 sent_us;
  gboolean answered;
  GArray *round_trips_ms;
  guint remaining;      /* with many pairs: round trips still to play */
  guint *n_unfinished;
} Exchange;

static gboolean
on_tick (gpointer data)
{
  Ticker *ticker = data;
  gint64 now = g_get_monotonic_time ();
  double cpu = bench_thread_cpu_ms ();

  g_array_append_val (ticker->lateness_ms, (double) { MAX (0, now - ticker->due_us) / 1000.0 });
  g_array_append_val (ticker->cpu_ms, (double) { cpu - ticker->last_cpu_ms });
  ticker->last_cpu_ms = cpu;
  ticker->due_us = now + TICK_MS * 1000;
  return G_SOURCE_CONTINUE;
}

static void
report (const char *label,
        GArray     *values)
{
  double median = bench_median (values);
  double p99 = bench_percentile (values, 0.99);
  double max = bench_max (values);

  g_print ("%s: median %.3f ms, p99 %.3f ms, max %.3f ms (%u samples)\n",
           label, median, p99, max, values->len);
}

static void
on_guest_received (CrapetteTransport *guest,
                   const char        *line,
                   Exchange          *exchange)
{
  crapette_transport_send (guest, line);
}

static void
on_host_received (CrapetteTransport *host,
                  const char        *line,
                  Exchange          *exchange)
{
  g_array_append_val (exchange->round_trips_ms,
                      (double) { (g_get_monotonic_time () - exchange->sent_us) / 1000.0 });
  exchange->answered = TRUE;
}

static CrapetteTransport *
join (const char *jid,
      const char *password,
      const char *room,
      const char *nickname)
{
  CrapetteXmppAccount account = {
    .jid = jid, .password = password, .host = "127.0.0.1",
    .port = (guint16) atoi (g_getenv ("CRAPETTE_PROSODY_PORT")),
    .ca_file = g_getenv ("CRAPETTE_PROSODY_CA"),
  };

  return CRAPETTE_TRANSPORT (crapette_xmpp_transport_new (&account, room, nickname));
}

/* Iterates the main context until @done is TRUE or the time limit passes. */
static gboolean
run_until (gboolean *done)
{
  gint64 deadline = g_get_monotonic_time () + LIMIT_US;

  while (!*done && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  return *done;
}

static void
on_state (GObject    *object,
          GParamSpec *pspec,
          gboolean   *both_connected)
{
  Exchange *exchange = g_object_get_data (object, "exchange");

  *both_connected =
    crapette_transport_get_state (exchange->host) == CRAPETTE_TRANSPORT_CONNECTED
    && crapette_transport_get_state (exchange->guest) == CRAPETTE_TRANSPORT_CONNECTED;
  if (crapette_transport_get_state (CRAPETTE_TRANSPORT (object)) == CRAPETTE_TRANSPORT_CLOSED)
    g_error ("A transport closed while joining: %s",
             crapette_transport_get_error (CRAPETTE_TRANSPORT (object)));
}

/* The server's CPU time so far (user and system), in milliseconds, from /proc. */
static double
server_cpu_ms (void)
{
  g_autofree char *pid = NULL;
  g_autofree char *path = NULL;
  g_autofree char *stat = NULL;
  g_auto(GStrv) fields = NULL;
  const char *end;

  if (!g_file_get_contents (g_getenv ("CRAPETTE_PROSODY_PID_FILE"), &pid, NULL, NULL))
    return 0;
  path = g_strdup_printf ("/proc/%d/stat", atoi (pid));
  if (!g_file_get_contents (path, &stat, NULL, NULL) || (end = strrchr (stat, ')')) == NULL)
    return 0;
  fields = g_strsplit (end + 2, " ", -1);
  if (g_strv_length (fields) < 13)
    return 0;
  return (g_ascii_strtod (fields[11], NULL) + g_ascii_strtod (fields[12], NULL))
         * 1000.0 / sysconf (_SC_CLK_TCK);
}

static void
send_next (Exchange *exchange)
{
  g_autofree char *line = g_strdup_printf ("move %u S3 T2 7c 0123456789abcdef0123456789abcdef"
                                           "0123456789abcdef0123456789abcdef",
                                           exchange->remaining);

  exchange->sent_us = g_get_monotonic_time ();
  crapette_transport_send (exchange->host, line);
}

static void
on_pair_host_received (CrapetteTransport *host,
                       const char        *line,
                       Exchange          *exchange)
{
  g_array_append_val (exchange->round_trips_ms,
                      (double) { (g_get_monotonic_time () - exchange->sent_us) / 1000.0 });
  if (--exchange->remaining > 0)
    send_next (exchange);
  else
    (*exchange->n_unfinished)--;
}

static gboolean
all_connected (Exchange *pairs,
               guint     n_pairs)
{
  for (guint i = 0; i < n_pairs; i++)
    if (crapette_transport_get_state (pairs[i].host) != CRAPETTE_TRANSPORT_CONNECTED
        || crapette_transport_get_state (pairs[i].guest) != CRAPETTE_TRANSPORT_CONNECTED)
      return FALSE;
  return TRUE;
}

/* @n_pairs pairs of guests at once, each in its own room, 100 round trips each. */
static void
run_many_pairs (guint   n_pairs,
                Ticker *ticker)
{
  g_autofree Exchange *pairs = g_new0 (Exchange, n_pairs);
  g_autoptr(GArray) round_trips = g_array_new (FALSE, FALSE, sizeof (double));
  guint n_unfinished = n_pairs;
  gint64 deadline = g_get_monotonic_time () + LIMIT_US;
  double cpu_start;
  gint64 start;

  for (guint i = 0; i < n_pairs; i++)
    {
      g_autofree char *room = g_strdup_printf ("crapette-pair%u-%u@rooms.localhost",
                                               (guint) getpid (), i);

      pairs[i].host = join ("guest.localhost", NULL, room, "Host");
      pairs[i].guest = join ("guest.localhost", NULL, room, "Guest");
      pairs[i].round_trips_ms = round_trips;
      pairs[i].remaining = 100;
      pairs[i].n_unfinished = &n_unfinished;
      g_signal_connect (pairs[i].guest, "received", G_CALLBACK (on_guest_received), &pairs[i]);
      g_signal_connect (pairs[i].host, "received", G_CALLBACK (on_pair_host_received),
                        &pairs[i]);
    }
  while (!all_connected (pairs, n_pairs) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  if (!all_connected (pairs, n_pairs))
    g_error ("Not all %u pairs joined their rooms", n_pairs);

  g_array_set_size (ticker->lateness_ms, 0);
  g_array_set_size (ticker->cpu_ms, 0);
  cpu_start = server_cpu_ms ();
  start = g_get_monotonic_time ();
  for (guint i = 0; i < n_pairs; i++)
    send_next (&pairs[i]);
  while (n_unfinished > 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_print ("%u pairs at once: %u of %u finished in %.1f ms, server CPU %.0f ms\n", n_pairs,
           n_pairs - n_unfinished, n_pairs, (g_get_monotonic_time () - start) / 1000.0,
           server_cpu_ms () - cpu_start);
  report ("round trip with many pairs", round_trips);
  report ("main-thread stall with many pairs", ticker->lateness_ms);

  for (guint i = 0; i < n_pairs; i++)
    {
      crapette_transport_close (pairs[i].host);
      crapette_transport_close (pairs[i].guest);
      g_object_unref (pairs[i].host);
      g_object_unref (pairs[i].guest);
    }
}

int
main (int   argc,
      char *argv[])
{
  guint n_round_trips = argc > 1 ? (guint) atoi (argv[1]) : 1000;
  guint n_pairs = argc > 2 ? (guint) atoi (argv[2]) : 0;
  g_autofree char *room = g_strdup_printf ("crapette-bench%u@rooms.localhost",
                                           (guint) getpid ());
  Ticker ticker = { g_array_new (FALSE, FALSE, sizeof (double)),
                    g_array_new (FALSE, FALSE, sizeof (double)), 0, bench_thread_cpu_ms () };
  Exchange exchange = { NULL, NULL, 0, FALSE, g_array_new (FALSE, FALSE, sizeof (double)) };
  gboolean both_connected = FALSE;
  guint tick_id;
  gint64 start;

  if (g_getenv ("CRAPETTE_PROSODY_PORT") == NULL)
    {
      g_printerr ("Run through bench/net.sh, which starts the server.\n");
      return 2;
    }

  ticker.due_us = g_get_monotonic_time () + TICK_MS * 1000;
  tick_id = g_timeout_add (TICK_MS, on_tick, &ticker);

  start = g_get_monotonic_time ();
  exchange.host = join ("alice@accounts.localhost", "secret-1", room, "Host");
  exchange.guest = join ("bob@accounts.localhost", "secret-2", room, "Guest");
  g_object_set_data (G_OBJECT (exchange.host), "exchange", &exchange);
  g_object_set_data (G_OBJECT (exchange.guest), "exchange", &exchange);
  g_signal_connect (exchange.host, "notify::state", G_CALLBACK (on_state), &both_connected);
  g_signal_connect (exchange.guest, "notify::state", G_CALLBACK (on_state), &both_connected);
  if (!run_until (&both_connected))
    g_error ("The two transports did not both join the room: %s; %s",
             crapette_transport_get_error (exchange.host),
             crapette_transport_get_error (exchange.guest));
  g_signal_handlers_disconnect_by_func (exchange.host, on_state, &both_connected);
  g_signal_handlers_disconnect_by_func (exchange.guest, on_state, &both_connected);
  g_print ("both in the room after %.1f ms\n", (g_get_monotonic_time () - start) / 1000.0);
  report ("main-thread stall while connecting", ticker.lateness_ms);
  report ("main-thread CPU per tick while connecting", ticker.cpu_ms);
  g_array_set_size (ticker.lateness_ms, 0);
  g_array_set_size (ticker.cpu_ms, 0);

  g_signal_connect (exchange.guest, "received", G_CALLBACK (on_guest_received), &exchange);
  g_signal_connect (exchange.host, "received", G_CALLBACK (on_host_received), &exchange);
  for (guint i = 0; i < n_round_trips; i++)
    {
      /* About the length of a signed move line. */
      g_autofree char *line = g_strdup_printf ("move %u S3 T2 7c 0123456789abcdef0123456789abcdef"
                                               "0123456789abcdef0123456789abcdef", i);

      exchange.answered = FALSE;
      exchange.sent_us = g_get_monotonic_time ();
      crapette_transport_send (exchange.host, line);
      if (!run_until (&exchange.answered))
        g_error ("No answer to round trip %u", i);
    }
  report ("move round trip", exchange.round_trips_ms);
  report ("main-thread stall while exchanging", ticker.lateness_ms);
  report ("main-thread CPU per tick while exchanging", ticker.cpu_ms);

  if (n_pairs > 0)
    run_many_pairs (n_pairs, &ticker);

  g_source_remove (tick_id);
  crapette_transport_close (exchange.host);
  crapette_transport_close (exchange.guest);
  g_object_unref (exchange.host);
  g_object_unref (exchange.guest);
  g_array_unref (ticker.lateness_ms);
  g_array_unref (ticker.cpu_ms);
  g_array_unref (exchange.round_trips_ms);
  return 0;
}
