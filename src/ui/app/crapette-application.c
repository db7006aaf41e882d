/* crapette-application.c: the application, its actions and its command line
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-ui"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-application.h"

#include "crapette-accessible-names.h"

#include "crapette-bench.h"
#include "crapette-enums.h"
#include "crapette-names.h"
#include "crapette-help-overlay.h"
#include "crapette-rules-window.h"
#include "crapette-window.h"

#define BENCH_WIDTH 1920
#define BENCH_HEIGHT 1080

struct _CrapetteApplication
{
  AdwApplication parent_instance;

  gboolean bench_first_frame;
  int bench_autoplay_seconds;
  int bench_moves;
  int bench_variant;
  gboolean print_status;
};

G_DEFINE_FINAL_TYPE (CrapetteApplication, crapette_application, ADW_TYPE_APPLICATION)

/* Prints what a person reads first on a new table, in their language: the window's title and
 * the two status lines. Tests use it to see the program find its translations. */
static void
print_status (CrapetteApplication *self)
{
  CrapetteWindow *window = crapette_window_new (GTK_APPLICATION (self));

  g_print ("%s\n%s\n%s\n", gtk_window_get_title (GTK_WINDOW (window)),
           crapette_window_get_status (window, CRAPETTE_NORTH),
           crapette_window_get_status (window, CRAPETTE_SOUTH));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A new window that either resumes the person's game or, for a benchmark, plays a fresh one. */
static GtkWindow *
new_window (CrapetteApplication *self)
{
  GtkWindow *window = GTK_WINDOW (crapette_window_new (GTK_APPLICATION (self)));

  if (self->bench_moves > 0)
    {
      gtk_window_set_default_size (window, BENCH_WIDTH, BENCH_HEIGHT);
      crapette_bench_moves (CRAPETTE_WINDOW (window), self->bench_variant, self->bench_moves);
    }
  else if (self->bench_autoplay_seconds > 0)
    {
      gtk_window_set_default_size (window, BENCH_WIDTH, BENCH_HEIGHT);
      crapette_bench_autoplay (CRAPETTE_WINDOW (window), self->bench_autoplay_seconds);
    }
  else if (self->bench_first_frame)
    {
      crapette_bench_report_first_frame (window);
    }
  else
    {
      /* Benchmarks play a fresh table; a person comes back to the game they left. */
      crapette_window_resume (CRAPETTE_WINDOW (window));
    }
  return window;
}

static void
crapette_application_activate (GApplication *application)
{
  CrapetteApplication *self = CRAPETTE_APPLICATION (application);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (application));

  if (self->print_status)
    {
      print_status (self);
      return;
    }

  if (window == NULL)
    window = new_window (self);
  gtk_window_present (window);
}

/* `crapette FILE…`, or saved games opened from the file manager, at start-up or sent to the
 * copy already running: each file is read in a worker (a pipe or a device is refused, never
 * waited on), the first that holds a game is played in the window, and every other one is
 * named in a message saying why it was not opened. */
static void
crapette_application_open (GApplication  *application,
                           GFile        **files,
                           int            n_files,
                           const char    *hint)
{
  CrapetteApplication *self = CRAPETTE_APPLICATION (application);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (application));

  if (self->print_status || n_files < 1)
    {
      crapette_application_activate (application);
      return;
    }

  if (!CRAPETTE_IS_WINDOW (window))
    window = new_window (self);
  /* The window is presented once the files are read. */
  crapette_window_open_files (CRAPETTE_WINDOW (window), files, (guint) n_files);
}

static int
crapette_application_handle_local_options (GApplication *application,
                                           GVariantDict *options)
{
  CrapetteApplication *self = CRAPETTE_APPLICATION (application);
  const char *variant_nick = NULL;

  /* Benchmarks and the printout run alone, never handing over to an instance already running. */
  if (g_variant_dict_lookup (options, "bench-first-frame", "b", &self->bench_first_frame) ||
      g_variant_dict_lookup (options, "bench-autoplay", "i", &self->bench_autoplay_seconds) ||
      g_variant_dict_lookup (options, "bench-moves", "i", &self->bench_moves) ||
      g_variant_dict_lookup (options, "print-status", "b", &self->print_status))
    g_application_set_flags (application,
                             g_application_get_flags (application) | G_APPLICATION_NON_UNIQUE);
  self->bench_autoplay_seconds = CLAMP (self->bench_autoplay_seconds, 0, 3600);
  self->bench_moves = CLAMP (self->bench_moves, 0, 100000);
  if (g_variant_dict_lookup (options, "bench-variant", "&s", &variant_nick) &&
      !crapette_enum_from_nick (CRAPETTE_TYPE_VARIANT, variant_nick, &self->bench_variant))
    {
      g_printerr ("--bench-variant is russian or american, not “%s”\n", variant_nick);
      return 2;
    }
  return -1;
}

/* Creates the About window for @parent (may be %NULL), not yet shown. */
GtkWindow *
crapette_application_new_about_window (GtkWindow *parent)
{
  static const char *developers[] = { "The Crapette developers", NULL };
  /* What adw_show_about_window() would show, made here so that tests can look at it. */
  GtkWindow *about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                                   "transient-for", parent,
                                   "application-name", _("Crapette"),
                                   "application-icon", APPLICATION_ID,
                                   "developer-name", _("The Crapette developers"),
                                   "developers", developers,
                                   "version", PACKAGE_VERSION,
                                   "website", "https://github.com/crapette/crapette",
                                   "issue-url", "https://github.com/crapette/crapette/issues",
                                   "comments",
                                   _("Russian Bank and American Bank, the card games for two"),
                                   "license-type", GTK_LICENSE_GPL_3_0,
                                   "copyright", "© 2026 The Crapette developers",
                                   /* TRANSLATORS: your names, one per line, as you want them
                                    * credited */
                                   "translator-credits", _("translator-credits"),
                                   NULL);

  return about;
}

static void
action_about (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  GtkApplication *application = GTK_APPLICATION (user_data);

  gtk_window_present (
    crapette_application_new_about_window (gtk_application_get_active_window (application)));
}

/* Shows the rules of the game on the table, in one Rules window that is raised if already open. */
static void
action_rules (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  GtkApplication *application = GTK_APPLICATION (user_data);
  GtkWindow *parent = gtk_application_get_active_window (application);
  CrapetteRulesWindow *rules = NULL;
  CrapetteCardTheme *theme = NULL;

  for (GList *l = gtk_application_get_windows (application); l != NULL; l = l->next)
    if (CRAPETTE_IS_RULES_WINDOW (l->data))
      rules = l->data;

  if (CRAPETTE_IS_WINDOW (parent))
    theme = crapette_table_get_theme (crapette_window_get_table (CRAPETTE_WINDOW (parent)));
  if (rules == NULL)
    {
      rules = crapette_rules_window_new (theme);
      gtk_window_set_application (GTK_WINDOW (rules), application);
      if (parent != NULL)
        gtk_window_set_transient_for (GTK_WINDOW (rules), parent);
    }
  if (CRAPETTE_IS_WINDOW (parent))
    crapette_rules_window_set_variant (rules,
                                       crapette_game_get_variant (
                                         crapette_window_get_game (CRAPETTE_WINDOW (parent))));
  gtk_window_present (GTK_WINDOW (rules));
}

static void
action_quit (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  GtkApplication *application = GTK_APPLICATION (user_data);
  GList *windows = gtk_application_get_windows (application);

  /* Closing each window lets it remember its size. */
  while (windows != NULL)
    {
      GList *next = windows->next;

      gtk_window_close (windows->data);
      windows = next;
    }
}

static void
crapette_application_startup (GApplication *application)
{
  static const GActionEntry actions[] = {
    { .name = "about", .activate = action_about },
    { .name = "rules", .activate = action_rules },
    { .name = "quit", .activate = action_quit },
  };
  static const char *new_game_accels[] = { "<Primary>n", NULL };
  static const char *turn_card_accels[] = { "t", NULL };
  static const char *quit_accels[] = { "<Primary>q", NULL };
  static const char *rules_accels[] = { "F1", NULL };
  static const char *hint_accels[] = { "h", NULL };
  static const char *stop_accels[] = { "s", NULL };
  static const char *undo_accels[] = { "<Primary>z", NULL };
  static const char *redo_accels[] = { "<Primary><Shift>z", NULL };
  static const char *scores_accels[] = { "<Primary>i", NULL };
  static const char *replay_accels[] = { "<Primary>r", NULL };
  static const char *next_round_accels[] = { "<Primary>Return", NULL };
  static const char *preferences_accels[] = { "<Primary>comma", NULL };
  static const char *open_accels[] = { "<Primary>o", NULL };
  static const char *save_as_accels[] = { "<Primary><Shift>s", NULL };

  G_APPLICATION_CLASS (crapette_application_parent_class)->startup (application);
  crapette_help_overlay_install (GTK_APPLICATION (application));
  crapette_accessible_names_install ();

  g_action_map_add_action_entries (G_ACTION_MAP (application), actions, G_N_ELEMENTS (actions),
                                   application);
  gtk_application_set_accels_for_action (GTK_APPLICATION (application), "win.new-game",
                                         new_game_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (application), "win.turn-card",
                                         turn_card_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (application), "app.quit",
                                         quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (application), "app.rules",
                                         rules_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (application), "win.hint",
                                         hint_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (application), "win.stop",
                                         stop_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (application), "win.undo",
                                         undo_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (application), "win.redo",
                                         redo_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (application), "win.replay-deal",
                                         replay_accels);
  /* One key leads on from a finished round: to the next round, or to a new match. */
  gtk_application_set_accels_for_action (GTK_APPLICATION (application), "win.next-round",
                                         next_round_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (application), "win.new-match",
                                         next_round_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (application), "win.scores",
                                         scores_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (application), "win.preferences",
                                         preferences_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (application), "win.open",
                                         open_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (application), "win.save-as",
                                         save_as_accels);
  gtk_window_set_default_icon_name (APPLICATION_ID);
}

static void
crapette_application_class_init (CrapetteApplicationClass *klass)
{
  GApplicationClass *application_class = G_APPLICATION_CLASS (klass);

  application_class->activate = crapette_application_activate;
  application_class->open = crapette_application_open;
  application_class->startup = crapette_application_startup;
  application_class->handle_local_options = crapette_application_handle_local_options;
}

static void
crapette_application_init (CrapetteApplication *self)
{
  static const GOptionEntry options[] = {
    { "bench-first-frame", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_NONE, NULL,
      "Print the time of the first frame and quit (for bench/startup)", NULL },
    { "bench-autoplay", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_INT, NULL,
      "Play random moves for SECONDS and print frame times (for bench/startup)", "SECONDS" },
    { "bench-moves", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_INT, NULL,
      "Play N random moves and print the main thread's time per move (for bench/move-ui.sh)",
      "N" },
    { "bench-variant", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, NULL,
      "The game --bench-moves plays: russian or american", "NAME" },
    { "print-status", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_NONE, NULL,
      "Print the title and status lines of a new table and quit (for tests)", NULL },
    { NULL }
  };

  g_application_add_main_option_entries (G_APPLICATION (self), options);
}

/* Creates the application with Crapette's ID and resources. */
CrapetteApplication *
crapette_application_new (void)
{
  return g_object_new (CRAPETTE_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/crapette/Crapette",
                       NULL);
}
