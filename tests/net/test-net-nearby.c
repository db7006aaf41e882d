/* test-net-nearby.c: games nearby by DNS-SD, through an Avahi daemon of the test's own
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The announcements come from child processes (this program run with --announce), since a
 * browser leaves its own process's games out. The tests that need the daemon run under
 * avahi-run.sh, which sets CRAPETTE_TEST_AVAHI_HOST; "no-daemon" runs with a system bus
 * address where nothing listens. Every wait is bounded.
 */

#include "config.h"

#include <gio/gio.h>
#include <glib-unix.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>

#include "crapette-direct-address.h"
#include "crapette-enums.h"
#include "crapette-nearby-announcer.h"
#include "crapette-nearby-browser.h"

#define PIN "5a1ad3b8a9c27f44e0f5d1b86f2c3e9a0b7d6c5e4f3a2b1c0d9e8f7a6b5c4d3e"
/* Avahi announces in about a second; a loaded machine may take several. */
#define WAIT_SECONDS 15

static const char *program_path;

static void
count_note (GObject    *object,
            GParamSpec *pspec,
            guint      *count)
{
  (*count)++;
}

static void
test_key (guint8 *key)
{
  for (guint i = 0; i < CRAPETTE_NET_KEY_SIZE; i++)
    key[i] = i * 7 + 1;
}

static gboolean
on_withdraw_cb (gpointer user_data)
{
  crapette_nearby_announcer_stop (user_data);
  return G_SOURCE_CONTINUE;
}

static gboolean
on_quit_cb (gpointer user_data)
{
  g_main_loop_quit (user_data);
  return G_SOURCE_REMOVE;
}

/* --announce NAME VARIANT PORT: announces, withdraws on SIGUSR1 (the host stops), ends on
 * SIGTERM or after a minute at most. */
static int
run_announcer (char **argv)
{
  g_autoptr (CrapetteNearbyAnnouncer) announcer = NULL;
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr (GEnumClass) variants = g_type_class_ref (CRAPETTE_TYPE_VARIANT);
  g_autoptr (GError) error = NULL;
  GEnumValue *variant = g_enum_get_value_by_nick (variants, argv[3]);
  guint8 key[CRAPETTE_NET_KEY_SIZE];

  /* A child of a test that failed goes with it. */
  prctl (PR_SET_PDEATHSIG, SIGTERM);
  test_key (key);
  g_assert_nonnull (variant);
  announcer = crapette_nearby_announcer_new (argv[2], variant->value, atoi (argv[4]), PIN, key);
  if (!crapette_nearby_announcer_start (announcer, &error))
    {
      g_printerr ("announcer: %s\n", error->message);
      return 1;
    }
  g_unix_signal_add (SIGUSR1, on_withdraw_cb, announcer);
  g_unix_signal_add (SIGTERM, on_quit_cb, loop);
  g_timeout_add_seconds (60, on_quit_cb, loop);
  g_main_loop_run (loop);
  return 0;
}

static GSubprocess *
spawn_announcer (const char *name,
                 const char *variant,
                 const char *port)
{
  g_autoptr (GError) error = NULL;
  GSubprocess *child = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_SILENCE, &error,
                                         program_path,
                                         "--announce", name, variant, port, NULL);

  g_assert_no_error (error);
  return child;
}

static void
stop_announcer (GSubprocess *child)
{
  g_autoptr (GError) error = NULL;

  g_subprocess_send_signal (child, SIGTERM);
  g_assert_true (g_subprocess_wait (child, NULL, &error));
  g_assert_no_error (error);
}

static gboolean
on_deadline_cb (gpointer user_data)
{
  gboolean *passed = user_data;

  *passed = TRUE;
  return G_SOURCE_REMOVE;
}

/* Turns the main loop until @model has @count rows, for at most WAIT_SECONDS. */
static gboolean
wait_for_rows (GListModel *model,
               guint       count)
{
  gboolean passed = FALSE;
  guint deadline = g_timeout_add_seconds (WAIT_SECONDS, on_deadline_cb, &passed);

  while (g_list_model_get_n_items (model) != count && !passed)
    g_main_context_iteration (NULL, TRUE);
  if (!passed)
    g_source_remove (deadline);
  return g_list_model_get_n_items (model) == count;
}

/* Turns the main loop for @milliseconds. */
static void
turn_for (guint milliseconds)
{
  gboolean passed = FALSE;

  g_timeout_add (milliseconds, on_deadline_cb, &passed);
  while (!passed)
    g_main_context_iteration (NULL, TRUE);
}

static CrapetteNearbyGame *
find_game (GListModel *model,
           const char *name)
{
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (CrapetteNearbyGame) game = g_list_model_get_item (model, i);

      if (g_strcmp0 (crapette_nearby_game_get_name (game), name) == 0)
        return game;
    }
  return NULL;
}

static void
assert_game (GListModel      *model,
             const char      *name,
             CrapetteVariant  variant,
             guint16          port)
{
  CrapetteNearbyGame *game = find_game (model, name);
  const char *host = g_getenv ("CRAPETTE_TEST_AVAHI_HOST");
  g_autofree char *expected = NULL, *address = NULL;
  guint8 key[CRAPETTE_NET_KEY_SIZE];
  CrapetteVariant read_variant;

  g_assert_nonnull (game);
  test_key (key);
  expected = crapette_direct_address_format (host, port, PIN, key);
  g_object_get (game, "address", &address, "variant", &read_variant, NULL);
  g_assert_cmpstr (address, ==, expected);
  g_assert_cmpint (read_variant, ==, variant);
  g_assert_cmpint (crapette_nearby_game_get_variant (game), ==, variant);
}

static void
test_announce_and_withdraw (void)
{
  g_autoptr (CrapetteNearbyBrowser) browser = crapette_nearby_browser_new ();
  g_autoptr (CrapetteNearbyAnnouncer) own = NULL;
  g_autoptr (GSubprocess) first = NULL, second = NULL;
  g_autoptr (GError) error = NULL;
  GListModel *model = G_LIST_MODEL (browser);
  guint8 key[CRAPETTE_NET_KEY_SIZE];

  if (g_getenv ("CRAPETTE_TEST_AVAHI_HOST") == NULL)
    {
      g_test_skip ("needs the Avahi daemon of avahi-run.sh");
      return;
    }
  g_assert_true (g_type_is_a (g_list_model_get_item_type (model), CRAPETTE_TYPE_NEARBY_GAME));
  g_assert_true (crapette_nearby_browser_start (browser, &error));
  g_assert_no_error (error);
  g_assert_null (crapette_nearby_browser_get_error (browser));

  /* Our own game is announced but never listed. */
  test_key (key);
  own = crapette_nearby_announcer_new ("Self", CRAPETTE_VARIANT_RUSSIAN, 40000, PIN, key);
  g_assert_true (crapette_nearby_announcer_start (own, &error));
  g_assert_no_error (error);

  first = spawn_announcer ("Ann", "russian", "40001");
  g_assert_true (wait_for_rows (model, 1));
  assert_game (model, "Ann", CRAPETTE_VARIANT_RUSSIAN, 40001);

  /* A namesake gets a name of its own, and both are listed. */
  second = spawn_announcer ("Ann", "american", "40002");
  g_assert_true (wait_for_rows (model, 2));
  assert_game (model, "Ann", CRAPETTE_VARIANT_RUSSIAN, 40001);
  assert_game (model, "Ann #2", CRAPETTE_VARIANT_AMERICAN, 40002);

  /* The first host starts its game: its row goes, the other stays. */
  g_subprocess_send_signal (first, SIGUSR1);
  g_assert_true (wait_for_rows (model, 1));
  assert_game (model, "Ann #2", CRAPETTE_VARIANT_AMERICAN, 40002);

  /* A host that quits altogether is withdrawn by the daemon. */
  stop_announcer (second);
  g_assert_true (wait_for_rows (model, 0));

  /* By now our own announcement has long been on the network: still not listed. */
  turn_for (500);
  g_assert_null (find_game (model, "Self"));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);

  stop_announcer (first);
  crapette_nearby_browser_stop (browser);
  g_assert_finalize_object (g_steal_pointer (&own));
  g_assert_finalize_object (g_steal_pointer (&browser));
}

static void
test_no_daemon (void)
{
  g_autoptr (CrapetteNearbyBrowser) browser = crapette_nearby_browser_new ();
  g_autoptr (CrapetteNearbyAnnouncer) announcer = NULL;
  g_autoptr (GError) error = NULL;
  guint8 key[CRAPETTE_NET_KEY_SIZE];
  gint64 started = g_get_monotonic_time ();
  guint error_notes = 0;

  /* Nothing listens at this system bus address, as in a container without Avahi. */
  g_setenv ("DBUS_SYSTEM_BUS_ADDRESS", "unix:path=/nonexistent/crapette-no-bus", TRUE);
  g_signal_connect (browser, "notify::error", G_CALLBACK (count_note), &error_notes);

  g_assert_false (crapette_nearby_browser_start (browser, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_assert_cmpstr (error->message, ==, "Finding nearby games needs the Avahi service.");
  g_assert_cmpstr (crapette_nearby_browser_get_error (browser), ==, error->message);
  g_assert_cmpuint (error_notes, ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (browser)), ==, 0);
  g_assert_null (g_list_model_get_item (G_LIST_MODEL (browser), 0));
  g_clear_error (&error);

  test_key (key);
  announcer = crapette_nearby_announcer_new ("Ann", CRAPETTE_VARIANT_RUSSIAN, 40001, PIN, key);
  g_assert_false (crapette_nearby_announcer_start (announcer, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED);
  g_assert_nonnull (crapette_nearby_announcer_get_error (announcer));

  /* Neither waited: a refused connection answers at once. */
  g_assert_cmpint (g_get_monotonic_time () - started, <, G_USEC_PER_SEC);

  crapette_nearby_browser_stop (browser);
  g_assert_finalize_object (g_steal_pointer (&announcer));
  g_assert_finalize_object (g_steal_pointer (&browser));
}

static void
test_game (void)
{
  CrapetteNearbyGame *game = crapette_nearby_game_new ("Ann", CRAPETTE_VARIANT_AMERICAN,
                                                       "crapette-direct://10.0.0.2:4000/?pin=a&key=b");
  g_autofree char *name = NULL, *address = NULL;
  CrapetteVariant variant;

  g_object_get (game, "name", &name, "variant", &variant, "address", &address, NULL);
  g_assert_cmpstr (name, ==, "Ann");
  g_assert_cmpint (variant, ==, CRAPETTE_VARIANT_AMERICAN);
  g_assert_cmpstr (address, ==, "crapette-direct://10.0.0.2:4000/?pin=a&key=b");
  g_assert_cmpstr (crapette_nearby_game_get_address (game), ==, address);
  g_assert_finalize_object (game);
}

int
main (int   argc,
      char *argv[])
{
  program_path = argv[0];
  if (argc == 5 && strcmp (argv[1], "--announce") == 0)
    return run_announcer (argv);

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/nearby/game", test_game);
  g_test_add_func ("/nearby/no-daemon", test_no_daemon);
  g_test_add_func ("/nearby/avahi/announce-and-withdraw", test_announce_and_withdraw);
  return g_test_run ();
}
