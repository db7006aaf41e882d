/* test-rules-window.c: the Rules window shows both games, whole and readable, and how to play
 * them by keyboard
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "crapette-test"

#include "config.h"

#include <string.h>

#include <adwaita.h>

#include "crapette-application.h"
#include "crapette-rules-window.h"
#include "ui-test-helpers.h"

static gboolean
wake_up_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* Presents @window at about @width × @height and runs the main loop until it is laid out. */
static void
show_rules_window (GtkWindow *window,
                   int        width,
                   int        height)
{
  gint64 deadline = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  guint wake_up = g_timeout_add (50, wake_up_cb, NULL);

  gtk_window_set_default_size (window, width, height);
  gtk_window_present (window);
  while (g_get_monotonic_time () < deadline && !gtk_widget_get_mapped (GTK_WIDGET (window)))
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (wake_up);
  ui_test_drain ();
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (window)));
  /* The window manager may take a few pixels for decorations, never more. */
  g_assert_cmpint (ABS (gtk_widget_get_width (GTK_WIDGET (window)) - width), <=, 32);
}

typedef struct
{
  guint labels;
  guint pictures;
  guint cut_off;
} PageCensus;

/* Counts the labels and pictures under @widget, and those that do not fit their place. */
static void
take_census (GtkWidget  *widget,
             PageCensus *census)
{
  if (GTK_IS_LABEL (widget))
    {
      GtkLabel *label = GTK_LABEL (widget);
      int minimum, natural;

      census->labels++;
      g_assert_cmpstr (gtk_label_get_text (label), !=, "");
      g_assert_cmpint (gtk_label_get_ellipsize (label), ==, PANGO_ELLIPSIZE_NONE);
      if (gtk_widget_get_mapped (widget))
        {
          /* A label asks for the height of its text at the width it was given; being given
           * less means a line is cut off. */
          gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (widget),
                              &minimum, &natural, NULL, NULL);
          /* Measurements include the margins; allocated sizes do not. */
          minimum -= gtk_widget_get_margin_top (widget) + gtk_widget_get_margin_bottom (widget);
          if (gtk_widget_get_height (widget) < minimum)
            {
              g_test_message ("“%.40s…” is %d high, needs %d", gtk_label_get_text (label),
                              gtk_widget_get_height (widget), minimum);
              census->cut_off++;
            }
          gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1,
                              &minimum, &natural, NULL, NULL);
          minimum -= gtk_widget_get_margin_start (widget) + gtk_widget_get_margin_end (widget);
          if (gtk_widget_get_width (widget) < minimum)
            {
              g_test_message ("“%.40s…” is %d wide, needs %d", gtk_label_get_text (label),
                              gtk_widget_get_width (widget), minimum);
              census->cut_off++;
            }
        }
    }
  else if (g_strcmp0 (G_OBJECT_TYPE_NAME (widget), "CrapetteRulesCards") == 0)
    {
      census->pictures++;
      if (gtk_widget_get_mapped (widget))
        {
          int minimum, natural;

          gtk_widget_measure (widget, GTK_ORIENTATION_HORIZONTAL, -1,
                              &minimum, &natural, NULL, NULL);
          g_assert_cmpint (minimum, >, 0);
          if (gtk_widget_get_width (widget) < minimum)
            census->cut_off++;
        }
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    take_census (child, census);
}

static void
test_rules_window_pages (void)
{
  CrapetteRulesWindow *window = crapette_rules_window_new (NULL);
  PageCensus russian = { 0 };
  PageCensus american = { 0 };

  g_object_ref_sink (window);
  g_assert_nonnull (crapette_rules_window_get_theme (window));
  take_census (crapette_rules_window_get_page (window, CRAPETTE_VARIANT_RUSSIAN), &russian);
  take_census (crapette_rules_window_get_page (window, CRAPETTE_VARIANT_AMERICAN), &american);

  /* Every section of docs/rules.md has its heading and text, and each game its pictures. */
  g_assert_cmpuint (russian.labels, >=, 20);
  g_assert_cmpuint (american.labels, >=, 20);
  g_assert_cmpuint (russian.pictures, ==, 3);
  g_assert_cmpuint (american.pictures, ==, 3);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
}

/* Appends the text of every label under @widget to @text, one a line, in reading order. */
static void
collect_text (GtkWidget *widget,
              GString   *text)
{
  if (GTK_IS_LABEL (widget))
    g_string_append_printf (text, "%s\n", gtk_label_get_text (GTK_LABEL (widget)));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_text (child, text);
}

/* After the rules, each page says how to play by keyboard and with a screen reader: how to
 * move, pick up and put down, the reading keys and what is announced, naming the piles as
 * that game names them; the rules end with what the network's hidden deal protects. */
static void
test_rules_window_keyboard_section (void)
{
  static const char * const common[] = {
    "Playing by Keyboard and with a Screen Reader", "The arrow keys move",
    "Enter or Space picks up",
    "Escape puts it back", "I reads the pile in focus", "L says where the card you hold can go",
    "P reads the whole position", "What You Hear", "whose turn it is", "Ctrl+?",
  };
  static const struct
  {
    CrapetteVariant variant;
    const char *own;
  } games[] = {
    { CRAPETTE_VARIANT_RUSSIAN,
      "D, C, W and R jump to the stock, turned card, waste pile and reserve" },
    { CRAPETTE_VARIANT_AMERICAN, "D, C and W jump to the hand, card in hand and talon" },
  };
  CrapetteRulesWindow *window = crapette_rules_window_new (NULL);

  g_object_ref_sink (window);
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autoptr (GString) text = g_string_new (NULL);
      const char *section;

      collect_text (crapette_rules_window_get_page (window, games[i].variant), text);
      section = strstr (text->str, common[0]);
      g_assert_nonnull (section);
      /* The section comes after the rules, which start with the table. */
      g_assert_nonnull (strstr (text->str, "The Table"));
      g_assert_true (strstr (text->str, "The Table") < section);
      for (guint j = 0; j < G_N_ELEMENTS (common); j++)
        if (strstr (section, common[j]) == NULL)
          g_error ("the keyboard section does not say “%s”", common[j]);
      g_assert_nonnull (strstr (section, games[i].own));
      /* Both games say what a network match's hidden deal protects, after their rules. */
      g_assert_nonnull (strstr (text->str, "Playing Over the Network"));
      g_assert_true (strstr (text->str, "Playing Over the Network") < section);
      g_assert_nonnull (strstr (text->str, "neither program can read a card face down"));
      g_assert_nonnull (strstr (text->str, "Hide Face-Down Cards"));
      g_assert_nonnull (strstr (text->str, "fair, but not hidden"));
    }

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
}

static void
count_notify_cb (GObject    *object,
                 GParamSpec *pspec,
                 gpointer    user_data)
{
  (*(guint *) user_data)++;
}

static void
test_rules_window_variant (void)
{
  g_autoptr (CrapetteCardTheme) theme = crapette_card_theme_new ();
  CrapetteRulesWindow *window = crapette_rules_window_new (theme);
  guint notified = 0;

  g_object_ref_sink (window);
  g_assert_true (crapette_rules_window_get_theme (window) == theme);
  g_assert_cmpint (crapette_rules_window_get_variant (window), ==, CRAPETTE_VARIANT_RUSSIAN);
  g_signal_connect (window, "notify::variant", G_CALLBACK (count_notify_cb), &notified);

  crapette_rules_window_set_variant (window, CRAPETTE_VARIANT_AMERICAN);
  g_assert_cmpint (crapette_rules_window_get_variant (window), ==, CRAPETTE_VARIANT_AMERICAN);
  g_assert_cmpuint (notified, ==, 1);
  crapette_rules_window_set_variant (window, CRAPETTE_VARIANT_AMERICAN);
  g_assert_cmpuint (notified, ==, 1);
  g_object_set (window, "variant", CRAPETTE_VARIANT_RUSSIAN, NULL);
  g_assert_cmpint (crapette_rules_window_get_variant (window), ==, CRAPETTE_VARIANT_RUSSIAN);
  g_assert_cmpuint (notified, ==, 2);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_finalize_object (window);
}

/* At a comfortable size and at a phone's width, every label and picture of both pages fits. */
static void
test_rules_window_fits (void)
{
  static const int widths[] = { 680, 360 };

  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    for (CrapetteVariant variant = CRAPETTE_VARIANT_RUSSIAN;
         variant <= CRAPETTE_VARIANT_AMERICAN; variant++)
      {
        CrapetteRulesWindow *window = crapette_rules_window_new (NULL);
        PageCensus census = { 0 };

        g_object_ref_sink (window);
        crapette_rules_window_set_variant (window, variant);
        show_rules_window (GTK_WINDOW (window), widths[i], 700);
        take_census (crapette_rules_window_get_page (window, variant), &census);
        g_assert_cmpuint (census.labels, >=, 20);
        g_assert_cmpuint (census.cut_off, ==, 0);
        gtk_window_destroy (GTK_WINDOW (window));
        g_assert_finalize_object (window);
      }
}

/* The application's F1 action opens one Rules window, raised again on the next press. */
static void
test_rules_window_action (void)
{
  g_autoptr (CrapetteApplication) application = crapette_application_new ();
  g_auto (GStrv) accels = NULL;
  guint rules_windows = 0;

  g_application_set_flags (G_APPLICATION (application), G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (application), NULL, NULL));
  accels = gtk_application_get_accels_for_action (GTK_APPLICATION (application), "app.rules");
  g_assert_true (g_strv_contains ((const char * const *) accels, "F1"));

  g_action_group_activate_action (G_ACTION_GROUP (application), "rules", NULL);
  g_action_group_activate_action (G_ACTION_GROUP (application), "rules", NULL);
  ui_test_drain ();
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (application)); l != NULL;
       l = l->next)
    if (CRAPETTE_IS_RULES_WINDOW (l->data))
      rules_windows++;
  g_assert_cmpuint (rules_windows, ==, 1);

  while (gtk_application_get_windows (GTK_APPLICATION (application)) != NULL)
    gtk_window_destroy (gtk_application_get_windows (GTK_APPLICATION (application))->data);
  ui_test_drain ();
}

int
main (int   argc,
      char *argv[])
{
  ui_test_init (&argc, &argv);

  g_test_add_func ("/rules-window/pages", test_rules_window_pages);
  g_test_add_func ("/rules-window/variant", test_rules_window_variant);
  g_test_add_func ("/rules-window/fits", test_rules_window_fits);
  g_test_add_func ("/rules-window/action", test_rules_window_action);
  g_test_add_func ("/rules-window/keyboard-section", test_rules_window_keyboard_section);

  return g_test_run ();
}
