/* test-localized.c: the table and the Rules window in the language of $LANGUAGE
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Meson runs this once per language (LANG=C.UTF-8 LANGUAGE=fa, el, ru) with the catalogues
 * compiled into the build tree. It checks that the translation is the one in use, that
 * Persian mirrors the window and the table, that numbers use the language's digits, that no
 * label is cut off, and saves pictures into $CRAPETTE_SCREENSHOT_DIR for a person to look at.
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "crapette-description.h"
#include "crapette-locale.h"
#include "crapette-net-host-dialog.h"
#include "crapette-preferences-window.h"
#include "crapette-rules-window.h"
#include "../ui-test-helpers.h"
#include "readable.h"

static const char *language;

static gboolean
is_persian (void)
{
  return g_str_has_prefix (language, "fa");
}

static void
test_localized_catalogue (void)
{
  const char * const *digits = crapette_locale_get_digits ();
  g_autofree char *number = crapette_locale_format_number (1207);

  /* The build tree's catalogue is found and used. */
  g_assert_cmpstr (crapette_seat_name (CRAPETTE_SOUTH), !=, "South");
  g_assert_cmpstr (_("Rules"), !=, "Rules");

  if (is_persian ())
    {
      g_assert_cmpstr (digits[0], ==, "۰");
      g_assert_cmpstr (digits[9], ==, "۹");
      g_assert_cmpstr (number, ==, "۱۲۰۷");
    }
  else
    {
      g_assert_cmpstr (number, ==, "1207");
    }
}

/* A move in words is in the language of the catalogue ("You" translated), and any number in it
 * (here in a player's name) is in the language's digits. */
static void
test_localized_description (void)
{
  CrapettePlayerNames names = { 0 };
  CrapettePosition position;
  CrapetteRules rules;
  CrapetteMove move = { CRAPETTE_MOVE_CARD, 0, 0, CRAPETTE_CARD_UNKNOWN };
  g_autofree char *yours = NULL;
  g_autofree char *named = NULL;

  crapette_rules_init_default (&rules);
  crapette_position_deal (&position, CRAPETTE_VARIANT_RUSSIAN, &rules, 3, 0);
  position.to_move = CRAPETTE_SOUTH;
  move.from = crapette_pile_of_seat (CRAPETTE_PILE_KIND_RESERVE, CRAPETTE_SOUTH);
  move.to = crapette_pile_house (6);
  crapette_player_names_set (&names, CRAPETTE_OPPONENT_COMPUTER_MEDIUM, NULL, NULL);
  yours = crapette_describe_move_by (&position, &move, &names);
  g_assert_null (strstr (yours, "You"));
  g_assert_cmpstr (crapette_player_names_get (&names, CRAPETTE_SOUTH), !=, "You");

  crapette_player_names_set (&names, CRAPETTE_OPPONENT_TWO_PLAYERS, "Player 7", NULL);
  named = crapette_describe_move_by (&position, &move, &names);
  if (is_persian ())
    {
      g_assert_nonnull (strstr (named, "۷"));
      g_assert_null (strchr (named, '7'));
    }
  else
    {
      g_assert_nonnull (strchr (named, '7'));
    }
  crapette_player_names_clear (&names);
}

static void
test_localized_direction (void)
{
  GtkTextDirection expected = is_persian () ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR;

  g_assert_cmpint (gtk_get_locale_direction (), ==, expected);
  g_assert_cmpint (gtk_widget_get_default_direction (), ==, expected);
}

static void
check_table_mirroring (CrapetteTable   *table,
                       CrapetteVariant  variant)
{
  graphene_rect_t south, north;
  gboolean rtl = gtk_widget_get_direction (GTK_WIDGET (table)) == GTK_TEXT_DIR_RTL;
  /* Russian Bank's reserves, American Bank's hands: the pile each player watches most. */
  CrapettePileKind kind = variant == CRAPETTE_VARIANT_RUSSIAN ? CRAPETTE_PILE_KIND_RESERVE
                                                              : CRAPETTE_PILE_KIND_STOCK;

  g_assert_cmpint (rtl, ==, is_persian ());
  g_assert_true (crapette_table_get_pile_bounds (
    table, crapette_pile_of_seat (kind, CRAPETTE_SOUTH), &south));
  g_assert_true (crapette_table_get_pile_bounds (
    table, crapette_pile_of_seat (kind, CRAPETTE_NORTH), &north));

  /* Left to right, South's reserve lies at South's right hand and North's at
   * the top left, in either picture of Russian Bank; American Bank's hands
   * the other way round. Mirrored, the whole table is seen from the other
   * side of the text. North stays above South either way. */
  if (rtl == (variant == CRAPETTE_VARIANT_RUSSIAN))
    g_assert_cmpfloat (south.origin.x, <, north.origin.x);
  else
    g_assert_cmpfloat (south.origin.x, >, north.origin.x);
  g_assert_cmpfloat (north.origin.y, <, south.origin.y);
}

/* Returns the label under @widget showing @text, or %NULL. */
static GtkLabel *
find_label (GtkWidget  *widget,
            const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), text) == 0)
    return GTK_LABEL (widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkLabel *found = find_label (child, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The turn marker starts the status line of the player to play, on the side the line is read
 * from, and points at the words after it: "▶ South…" left to right, "…جنوب ◀" in Persian. */
static void
check_turn_marker (CrapetteWindow *window)
{
  CrapetteSeat seat = crapette_game_get_current_player (crapette_window_get_game (window));
  const char *status = crapette_window_get_status (window, seat);
  const char *marker = is_persian () ? "\u200F◀ " : "\u200E▶ ";
  GtkLabel *label = find_label (GTK_WIDGET (window), status);
  PangoLayout *layout;
  PangoRectangle marker_pos, text_pos;

  g_assert_true (g_str_has_prefix (status, marker));
  g_assert_nonnull (label);
  layout = gtk_label_get_layout (label);
  g_assert_cmpint (pango_layout_get_direction (layout, 0), ==,
                   is_persian () ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR);
  pango_layout_index_to_pos (layout, strlen ("\u200F"), &marker_pos);
  pango_layout_index_to_pos (layout, strlen (marker), &text_pos);
  if (is_persian ())
    g_assert_cmpint (marker_pos.x, >, text_pos.x);
  else
    g_assert_cmpint (marker_pos.x, <, text_pos.x);
}

static void
test_localized_table (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_INT (data);
  CrapetteWindow *window = crapette_window_new (NULL);
  g_autofree char *picture = NULL;
  CrapetteTable *table;

  g_object_ref_sink (window);
  crapette_window_set_show_round_results (window, FALSE);
  crapette_window_new_game (window, variant, 42);
  ui_test_show_window (window, 1280, 800);
  table = crapette_window_get_table (window);

  g_assert_cmpint (gtk_widget_get_direction (GTK_WIDGET (window)), ==,
                   is_persian () ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR);
  check_table_mirroring (table, variant);
  check_turn_marker (window);
  readable_assert_no_label_cut_off (GTK_WIDGET (window), "the table");
  picture = g_strdup_printf ("%s-%s", variant == CRAPETTE_VARIANT_RUSSIAN ? "table-russian"
                                                                          : "table-american",
                             language);
  ui_test_save_picture (GTK_WIDGET (window), picture);

  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
  g_object_unref (window);
}

static gboolean
wake_up_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

static void
test_localized_rules (gconstpointer data)
{
  CrapetteVariant variant = GPOINTER_TO_INT (data);
  CrapetteRulesWindow *window = crapette_rules_window_new (NULL);
  g_autofree char *picture = NULL;
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  guint wake_up = g_timeout_add (50, wake_up_cb, NULL);

  g_object_ref_sink (window);
  crapette_rules_window_set_variant (window, variant);
  gtk_window_set_default_size (GTK_WINDOW (window), 680, 900);
  gtk_window_present (GTK_WINDOW (window));
  while (g_get_monotonic_time () < deadline && !gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (wake_up);
  ui_test_drain ();

  g_assert_cmpint (gtk_widget_get_direction (GTK_WIDGET (window)), ==,
                   is_persian () ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR);
  readable_assert_no_label_cut_off (GTK_WIDGET (window), "the Rules window");
  picture = g_strdup_printf ("%s-%s", variant == CRAPETTE_VARIANT_RUSSIAN ? "rules-russian"
                                                                          : "rules-american",
                             language);
  ui_test_save_picture (GTK_WIDGET (window), picture);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
}

static GtkWidget *
find_spin_button (GtkWidget *widget)
{
  if (GTK_IS_SPIN_BUTTON (widget))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_spin_button (child);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Preferences' spin button ("Turns Without Progress") writes its number in the language's
 * digits, and reads them back as typed. */
static void
test_localized_spin_digits (void)
{
  g_autoptr(GSettings) settings = g_settings_new (SETTINGS_SCHEMA_ID);
  CrapettePreferencesWindow *window = crapette_preferences_window_new (NULL, settings);
  GtkSpinButton *spin = GTK_SPIN_BUTTON (find_spin_button (GTK_WIDGET (window)));
  g_autofree char *shown = NULL;
  g_autofree char *typed = crapette_locale_format_number (12);

  g_assert_nonnull (spin);
  g_settings_set_int (settings, "idle-turn-limit", 37);
  ui_test_drain ();
  shown = crapette_locale_format_number (37);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, shown);
  if (is_persian ())
    g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "۳۷");

  gtk_editable_set_text (GTK_EDITABLE (spin), typed);
  gtk_spin_button_update (spin);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin), ==, 12);
  g_assert_cmpint (g_settings_get_int (settings, "idle-turn-limit"), ==, 12);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, typed);
  /* Western digits are read too. */
  gtk_editable_set_text (GTK_EDITABLE (spin), "15");
  gtk_spin_button_update (spin);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin), ==, 15);
  g_settings_reset (settings, "idle-turn-limit");
  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_drain ();
}

/* The code two players on one network compare is written in the language's digits, before
 * and after the friend joins. */
static void
test_localized_compare_code (void)
{
  AdwMessageDialog *dialog = crapette_net_host_dialog_new (NULL, NULL, "1234 5678");
  g_autofree char *waiting = NULL;
  GtkWidget *code_label;

  gtk_window_present (GTK_WINDOW (dialog));
  ui_test_drain ();
  waiting = g_strdup (gtk_label_get_text (
    GTK_LABEL (g_object_get_data (G_OBJECT (dialog), "crapette-code-label"))));
  crapette_net_host_dialog_set_joined (dialog, "1234 5678");
  ui_test_drain ();
  code_label = ui_test_find_named (GTK_WIDGET (dialog), "compare-code");
  g_assert_nonnull (code_label);
  if (is_persian ())
    {
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (code_label)), ==, "۱۲۳۴ ۵۶۷۸");
      g_assert_nonnull (strstr (waiting, "۱۲۳۴ ۵۶۷۸"));
      g_assert_null (strstr (waiting, "1234"));
    }
  else
    {
      g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (code_label)), ==, "1234 5678");
      g_assert_nonnull (strstr (waiting, "1234 5678"));
    }
  gtk_window_destroy (GTK_WINDOW (dialog));
  ui_test_drain ();
}

int
main (int   argc,
      char *argv[])
{
  language = g_getenv ("LANGUAGE");
  if (language == NULL || language[0] == '\0')
    language = "C";

  /* The program's own call; meson points $CRAPETTE_LOCALEDIR at the build tree's catalogues. */
  g_assert_cmpstr (crapette_locale_bind_catalogues (), ==, g_getenv ("CRAPETTE_LOCALEDIR"));

  ui_test_init (&argc, &argv);
  ui_test_load_style ();

  g_test_add_func ("/localized/catalogue", test_localized_catalogue);
  g_test_add_func ("/localized/direction", test_localized_direction);
  g_test_add_func ("/localized/description", test_localized_description);
  g_test_add_func ("/localized/spin-digits", test_localized_spin_digits);
  g_test_add_func ("/localized/compare-code", test_localized_compare_code);
  g_test_add_data_func ("/localized/table/russian",
                        GINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), test_localized_table);
  g_test_add_data_func ("/localized/table/american",
                        GINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), test_localized_table);
  g_test_add_data_func ("/localized/rules/russian",
                        GINT_TO_POINTER (CRAPETTE_VARIANT_RUSSIAN), test_localized_rules);
  g_test_add_data_func ("/localized/rules/american",
                        GINT_TO_POINTER (CRAPETTE_VARIANT_AMERICAN), test_localized_rules);

  return g_test_run ();
}
