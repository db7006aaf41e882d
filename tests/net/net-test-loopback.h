/* net-test-loopback.h: two transports joined inside one process, for the network tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What one end sends, the other receives from the main loop, in order. A cut drops what is
 * sent meanwhile, as a broken connection does, and puts both ends in "reconnecting".
 */

#pragma once

#include "crapette-transport.h"

G_BEGIN_DECLS

#define NET_TEST_TYPE_LOOPBACK (net_test_loopback_get_type ())

G_DECLARE_FINAL_TYPE (NetTestLoopback, net_test_loopback, NET_TEST, LOOPBACK, GObject)

/* Makes two connected ends; each holds the other weakly. */
void       net_test_loopback_new_pair (NetTestLoopback **a,
                                       NetTestLoopback **b);

/* Cuts both ends (lines sent meanwhile are lost) or joins them again. */
void       net_test_loopback_set_cut  (NetTestLoopback  *self,
                                       gboolean          cut);

/* Delivers @line to @self as if its partner had sent it. */
void       net_test_loopback_inject   (NetTestLoopback  *self,
                                       const char       *line);

/* What goes from an end to its partner instead of @line (newly allocated), or %NULL for
 * @line itself. */
typedef char *(*NetTestFilter) (const char *line,
                                gpointer    data);

/* Passes every line @self sends through @filter on its way to the partner (the lines
 * net_test_loopback_get_sent() returns are those sent, unchanged). */
void       net_test_loopback_set_filter (NetTestLoopback *self,
                                         NetTestFilter    filter,
                                         gpointer         data);

/* Holds every line @self sends for @delay_ms before its partner receives it, still in
 * order, as a slow line does (0, the default: at the next turn of the main loop). */
void       net_test_loopback_set_delay  (NetTestLoopback *self,
                                         guint            delay_ms);

/* Returns every line @self was asked to send, in order. */
GPtrArray *net_test_loopback_get_sent (NetTestLoopback  *self);

/* Runs the default main context until @done (@data) is true or @limit_us has passed, and
 * returns whether it came true. The loop never blocks on an idle context: it pauses 1 ms
 * instead, so a condition that no event will ever change still ends in time. */
gboolean   net_test_run_until         (gboolean        (*done) (gpointer data),
                                       gpointer          data,
                                       gint64            limit_us);

G_END_DECLS
