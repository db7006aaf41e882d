/* test-readable.c: every window and dialog shows all its text, in the language of $LANGUAGE
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Meson runs this once per language (English, German, Greek, Spanish, Persian, French, Italian
 * and Russian) with the build tree's catalogues. Each window is opened the way a person opens
 * it, at its default size, and every label in it (titles, rows, buttons, drop-down values and
 * the drop-down lists themselves) must show its whole text: not ellipsized, not cut off. Every
 * choice of every drop-down is tried in turn, and the dialog must keep its size meanwhile.
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "crapette-application.h"
#include "crapette-locale.h"
#include "crapette-match.h"
#include "crapette-random.h"
#include "crapette-rules-window.h"
#include "crapette-scoreboard.h"
#include "crapette-window-private.h"
#include "../ui-test-helpers.h"
#include "readable.h"

/* Enough for a slow sanitizer build to map a window or find a hint. */
#define WAIT_SECONDS 20

static GSettings *settings;
static const char *language;

/* Saves a picture of @window as @name-<language>.png for a person to look at. */
static void
save_picture (GtkWindow  *window,
              const char *name)
{
  g_autofree char *picture = g_strdup_printf ("readable-%s-%s", name, language);

  ui_test_save_picture (GTK_WIDGET (window), picture);
}

/* ---- Waiting ----------------------------------------------------------------- */

static gboolean
wake_up_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* Runs the main loop until @done (@widget, @data) says so, or fails after WAIT_SECONDS. */
static void
wait_until (gboolean   (*done) (GtkWidget *widget, gpointer data),
            GtkWidget *widget,
            gpointer   data,
            const char *what)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_SECONDS * G_USEC_PER_SEC;
  guint wake_up = g_timeout_add (50, wake_up_cb, NULL);

  while (!done (widget, data))
    {
      if (g_get_monotonic_time () > deadline)
        g_error ("timed out waiting for %s", what);
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (wake_up);
  ui_test_drain ();
}

static gboolean
is_shown (GtkWidget *widget,
          gpointer   data)
{
  return gtk_widget_get_mapped (widget) && gtk_widget_get_width (widget) > 1;
}

/* Presents @window and waits until it is on screen, laid out and drawn. */
static void
show (GtkWindow *window)
{
  gtk_window_present (window);
  wait_until (is_shown, GTK_WIDGET (window), NULL, "a window to be shown");
  ui_test_wait_for_frames (GTK_WIDGET (window));
}

/* Returns the shown toplevel of @type, or %NULL. */
static GtkWindow *
find_toplevel (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return window;
    }
  return NULL;
}

static gboolean
toplevel_is_shown (GtkWidget *widget,
                   gpointer   data)
{
  GtkWindow *window = find_toplevel ((GType) GPOINTER_TO_SIZE (data));

  return window != NULL && is_shown (GTK_WIDGET (window), NULL);
}

/* Activates @action on @window and returns the window of @type it opens, shown. */
static GtkWindow *
open_from (CrapetteWindow *window,
           const char     *action,
           GType           type)
{
  GtkWindow *opened;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), action, NULL));
  wait_until (toplevel_is_shown, NULL, GSIZE_TO_POINTER (type), action);
  opened = find_toplevel (type);
  ui_test_wait_for_frames (GTK_WIDGET (opened));
  return opened;
}

static void
close_window (GtkWindow *window)
{
  g_object_ref (window);
  gtk_window_destroy (window);
  ui_test_drain ();
  g_object_unref (window);
}

/* ---- Looking at every part -------------------------------------------------------- */

static void
collect_widgets (GtkWidget *widget,
                 GType      type,
                 GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_widgets (child, type, found);
}

static GtkPopover *
find_popover (GtkWidget *widget)
{
  g_autoptr(GPtrArray) popovers = g_ptr_array_new ();

  collect_widgets (widget, GTK_TYPE_POPOVER, popovers);
  return popovers->len > 0 ? popovers->pdata[0] : NULL;
}

/* The check marks shown in a drop-down list: the one of the choice in force. */
static guint
count_check_marks (GtkWidget *widget)
{
  g_autoptr(GPtrArray) images = g_ptr_array_new ();
  guint shown = 0;

  collect_widgets (widget, GTK_TYPE_IMAGE, images);
  for (guint i = 0; i < images->len; i++)
    shown += gtk_widget_get_mapped (images->pdata[i]) &&
             gtk_widget_get_opacity (images->pdata[i]) > 0.5 &&
             g_strcmp0 (gtk_image_get_icon_name (images->pdata[i]), "object-select-symbolic") == 0;
  return shown;
}

/* Checks @window as it is, then the list of each of its drop-downs, then with every choice
 * of every drop-down selected, and that the window keeps its size through the choices. */
static void
check_window (GtkWindow  *window,
              const char *where)
{
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  int width = gtk_widget_get_width (GTK_WIDGET (window));
  int height = gtk_widget_get_height (GTK_WIDGET (window));

  readable_assert_no_label_cut_off (GTK_WIDGET (window), where);

  collect_widgets (GTK_WIDGET (window), ADW_TYPE_COMBO_ROW, rows);
  for (guint r = 0; r < rows->len; r++)
    {
      AdwComboRow *row = rows->pdata[r];
      const char *title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row));
      guint chosen = adw_combo_row_get_selected (row);
      guint n_choices = g_list_model_get_n_items (adw_combo_row_get_model (row));
      g_autofree char *list = g_strdup_printf ("%s, the list of “%s”", where, title);
      GtkPopover *popover;

      if (!gtk_widget_get_mapped (GTK_WIDGET (row)))
        continue;

      g_assert_true (gtk_widget_activate (GTK_WIDGET (row)));
      popover = find_popover (GTK_WIDGET (row));
      g_assert_nonnull (popover);
      wait_until (is_shown, GTK_WIDGET (popover), NULL, "a drop-down list");
      ui_test_wait_for_frames (GTK_WIDGET (popover));
      readable_assert_no_label_cut_off (GTK_WIDGET (popover), list);
      g_assert_cmpuint (count_check_marks (GTK_WIDGET (popover)), ==, 1);
      gtk_popover_popdown (popover);
      ui_test_drain ();

      for (guint choice = 0; choice < n_choices; choice++)
        {
          g_autofree char *part = g_strdup_printf ("%s, “%s” choice %u", where, title, choice);

          adw_combo_row_set_selected (row, choice);
          ui_test_wait_for_frames (GTK_WIDGET (window));
          ui_test_wait_for_frames (GTK_WIDGET (window));
          readable_assert_no_label_cut_off (GTK_WIDGET (window), part);
          if (gtk_widget_get_width (GTK_WIDGET (window)) != width ||
              gtk_widget_get_height (GTK_WIDGET (window)) != height)
            g_error ("%s (%s): the window changed from %d×%d to %d×%d", part,
                     g_getenv ("LANGUAGE"), width, height,
                     gtk_widget_get_width (GTK_WIDGET (window)),
                     gtk_widget_get_height (GTK_WIDGET (window)));
        }
      adw_combo_row_set_selected (row, chosen);
      ui_test_wait_for_frames (GTK_WIDGET (window));
    }
}

/* Checks every page of every view stack (Preferences' pages, the Scores window's games). */
static void
check_every_page (GtkWindow  *window,
                  const char *where)
{
  g_autoptr(GPtrArray) stacks = g_ptr_array_new ();

  collect_widgets (GTK_WIDGET (window), ADW_TYPE_VIEW_STACK, stacks);
  g_assert_cmpuint (stacks->len, >, 0);
  for (guint s = 0; s < stacks->len; s++)
    {
      AdwViewStack *stack = stacks->pdata[s];
      g_autoptr(GtkSelectionModel) pages = adw_view_stack_get_pages (stack);

      for (guint p = 0; p < g_list_model_get_n_items (G_LIST_MODEL (pages)); p++)
        {
          g_autoptr(AdwViewStackPage) page = g_list_model_get_item (G_LIST_MODEL (pages), p);
          g_autofree char *part = g_strdup_printf ("%s, page “%s”", where,
                                                   adw_view_stack_page_get_title (page));

          adw_view_stack_set_visible_child (stack, adw_view_stack_page_get_child (page));
          ui_test_wait_for_frames (GTK_WIDGET (window));
          check_window (window, part);
        }
    }
}

/* ---- The main window and what it opens ------------------------------------------------ */

static CrapetteWindow *
new_main_window (CrapetteVariant variant)
{
  CrapetteWindow *window = crapette_window_new (NULL);

  g_object_ref_sink (window);
  crapette_window_new_game (window, variant, 42);
  /* The size a new window gets: the settings' default. */
  ui_test_show_window (window, g_settings_get_int (settings, "window-width"),
                       g_settings_get_int (settings, "window-height"));
  return window;
}

static void
free_main_window (CrapetteWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
  g_assert_finalize_object (window);
}

static gboolean
has_hint (GtkWidget *widget,
          gpointer   data)
{
  return crapette_window_get_hint (CRAPETTE_WINDOW (widget)) != NULL;
}

static void
test_main_window (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_INT (data);
  CrapetteWindow *window = new_main_window (variant);

  check_window (GTK_WINDOW (window), "the table");

  /* A hint's advice takes the place of South's status line, and must be readable there. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL));
  wait_until (has_hint, GTK_WIDGET (window), NULL, "a hint");
  ui_test_wait_for_frames (GTK_WIDGET (window));
  check_window (GTK_WINDOW (window), "the table with a hint");
  save_picture (GTK_WINDOW (window), variant == CRAPETTE_VARIANT_RUSSIAN ? "hint-russian"
                                                                         : "hint-american");

  free_main_window (window);
}

static void
test_new_game (void)
{
  CrapetteWindow *window = new_main_window (CRAPETTE_VARIANT_RUSSIAN);
  GtkWindow *dialog = open_from (window, "win.new-game", ADW_TYPE_MESSAGE_DIALOG);

  check_window (dialog, "New Game");
  save_picture (dialog, "new-game");
  close_window (dialog);
  free_main_window (window);
}

static void
test_welcome (void)
{
  CrapetteWindow *window = new_main_window (CRAPETTE_VARIANT_RUSSIAN);
  GtkWindow *welcome;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.welcome", NULL));
  welcome = crapette_window_get_welcome (window);
  g_assert_nonnull (welcome);
  ui_test_wait_for_frames (GTK_WIDGET (welcome));
  check_window (welcome, "Welcome");
  save_picture (welcome, "welcome");
  close_window (welcome);
  free_main_window (window);
}

static void
test_preferences (void)
{
  CrapetteWindow *window = new_main_window (CRAPETTE_VARIANT_RUSSIAN);
  GtkWindow *preferences = open_from (window, "win.preferences", ADW_TYPE_PREFERENCES_WINDOW);

  save_picture (preferences, "preferences");
  check_every_page (preferences, "Preferences");
  close_window (preferences);
  free_main_window (window);
}

/* Plays random rounds of a match of @variant to its end and counts them in the scoreboard. */
static void
add_match_to_scores (CrapetteVariant variant,
                     guint           length)
{
  g_autoptr(CrapetteGame) game = crapette_game_new ();
  g_autoptr(CrapetteMatch) match = NULL;
  g_autoptr(CrapetteScoreboard) scoreboard = crapette_scoreboard_new (settings);
  CrapetteRandom random;
  CrapetteRules rules;

  crapette_rules_init_default (&rules);
  rules.idle_turn_limit = 10;
  crapette_random_init (&random, 5);
  match = crapette_match_new (game, variant, &rules, length, 5);
  crapette_match_set_players (match, CRAPETTE_OPPONENT_TWO_PLAYERS, "Alexandra", "Konstantin");
  while (!crapette_match_is_finished (match) && crapette_match_deal_next_round (match))
    {
      guint index = crapette_match_get_n_finished_rounds (match);
      CrapetteRoundResult result;

      while (crapette_game_get_phase (game) == CRAPETTE_OUTCOME_PLAYING)
        {
          gsize n_moves;
          const CrapetteMove *legal = crapette_game_get_legal_moves (game, &n_moves);
          CrapetteMove move = legal[crapette_random_below (&random, (guint32) n_moves)];

          g_assert_true (crapette_game_play (game, &move, NULL));
        }
      g_assert_true (crapette_match_get_round_result (match, index, &result));
      crapette_scoreboard_add_round (scoreboard, match, &result);
    }
  crapette_scoreboard_add_match (scoreboard, match);
}

static void
test_scores (void)
{
  CrapetteWindow *window = new_main_window (CRAPETTE_VARIANT_RUSSIAN);
  GtkWindow *scores = open_from (window, "win.scores", ADW_TYPE_WINDOW);

  /* Empty first: each page says that nothing was played yet. */
  check_every_page (scores, "Scores, empty");
  close_window (scores);

  add_match_to_scores (CRAPETTE_VARIANT_RUSSIAN, 30);
  add_match_to_scores (CRAPETTE_VARIANT_AMERICAN, 1);
  scores = open_from (window, "win.scores", ADW_TYPE_WINDOW);
  check_every_page (scores, "Scores");
  close_window (scores);

  free_main_window (window);
}

static gboolean
round_dialog_is_shown (GtkWidget *widget,
                       gpointer   data)
{
  GtkWindow *dialog = CRAPETTE_WINDOW (widget)->round_dialog;

  return dialog != NULL && is_shown (GTK_WIDGET (dialog), NULL);
}

static void
test_round_summary (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_INT (data);
  CrapetteWindow *window;
  CrapetteGame *game;
  CrapetteRandom random;
  GtkWindow *summary;

  g_settings_set_int (settings, "idle-turn-limit", 10);
  window = new_main_window (variant);
  game = crapette_window_get_game (window);
  crapette_window_set_show_round_results (window, TRUE);
  crapette_random_init (&random, 11);
  while (crapette_game_get_phase (game) == CRAPETTE_OUTCOME_PLAYING)
    {
      gsize n_moves;
      const CrapetteMove *legal = crapette_game_get_legal_moves (game, &n_moves);
      CrapetteMove move = legal[crapette_random_below (&random, (guint32) n_moves)];

      g_assert_true (crapette_game_play (game, &move, NULL));
    }
  wait_until (round_dialog_is_shown, GTK_WIDGET (window), NULL, "the round's summary");
  summary = window->round_dialog;
  ui_test_wait_for_frames (GTK_WIDGET (summary));
  check_window (summary, "Round Summary");
  save_picture (summary, variant == CRAPETTE_VARIANT_RUSSIAN ? "summary-russian"
                                                             : "summary-american");
  close_window (summary);
  free_main_window (window);
  g_settings_reset (settings, "idle-turn-limit");
}

static void
test_rules (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_INT (data);
  CrapetteRulesWindow *rules = crapette_rules_window_new (NULL);

  g_object_ref_sink (rules);
  crapette_rules_window_set_variant (rules, variant);
  show (GTK_WINDOW (rules));
  check_window (GTK_WINDOW (rules), "Rules");
  gtk_window_destroy (GTK_WINDOW (rules));
  ui_test_drain ();
  g_assert_finalize_object (rules);
}

static void
test_shortcuts (void)
{
  g_autoptr(GtkBuilder) builder =
    gtk_builder_new_from_resource ("/io/github/crapette/Crapette/crapette-help-overlay.ui");
  GtkWindow *shortcuts = GTK_WINDOW (gtk_builder_get_object (builder, "help_overlay"));

  show (shortcuts);
  check_window (shortcuts, "Keyboard Shortcuts");
  close_window (shortcuts);
}

static void
test_about (void)
{
  GtkWindow *about = crapette_application_new_about_window (NULL);

  show (about);
  check_window (about, "About");
  close_window (about);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  language = g_getenv ("LANGUAGE");
  g_assert_cmpstr (crapette_locale_bind_catalogues (), ==, g_getenv ("CRAPETTE_LOCALEDIR"));
  ui_test_init (&argc, &argv);
  ui_test_load_style ();
  /* Windows open and dialogs close at once, so nothing is looked at half-way. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);
  settings = g_settings_new (SETTINGS_SCHEMA_ID);

  g_test_add_data_func ("/readable/table/russian", GINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN),
                        test_main_window);
  g_test_add_data_func ("/readable/table/american", GINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN),
                        test_main_window);
  g_test_add_func ("/readable/new-game", test_new_game);
  g_test_add_func ("/readable/welcome", test_welcome);
  g_test_add_func ("/readable/preferences", test_preferences);
  g_test_add_func ("/readable/scores", test_scores);
  g_test_add_data_func ("/readable/round-summary/russian",
                        GINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), test_round_summary);
  g_test_add_data_func ("/readable/round-summary/american",
                        GINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), test_round_summary);
  g_test_add_data_func ("/readable/rules/russian", GINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN),
                        test_rules);
  g_test_add_data_func ("/readable/rules/american", GINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN),
                        test_rules);
  g_test_add_func ("/readable/shortcuts", test_shortcuts);
  g_test_add_func ("/readable/about", test_about);

  status = g_test_run ();
  g_clear_object (&settings);
  return status;
}
