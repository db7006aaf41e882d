/* bare-window.c: the yardstick for bench/startup: an empty libadwaita window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * It starts the way Crapette starts (an AdwApplication showing an
 * AdwApplicationWindow with a header bar, at the same default size) and
 * understands the same --bench-first-frame option, so the benchmark can put
 * the two side by side.
 */

#include <adwaita.h>
#include <stdio.h>

static gboolean report_first_frame;

static void
on_after_paint_cb (GdkFrameClock *clock,
                   GtkWindow     *window)
{
  g_signal_handlers_disconnect_by_func (clock, on_after_paint_cb, window);
  printf ("first-frame-realtime-us: %" G_GINT64_FORMAT "\n", g_get_real_time ());
  fflush (stdout);
  g_application_quit (G_APPLICATION (gtk_window_get_application (window)));
}

static void
on_realize_cb (GtkWidget *widget)
{
  g_signal_connect (gtk_widget_get_frame_clock (widget), "after-paint",
                    G_CALLBACK (on_after_paint_cb), widget);
}

static void
on_activate_cb (GtkApplication *application)
{
  GtkWidget *window = adw_application_window_new (application);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), 1100, 800);
  if (report_first_frame)
    g_signal_connect (window, "realize", G_CALLBACK (on_realize_cb), NULL);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(AdwApplication) application = NULL;
  const GOptionEntry options[] = {
    { "bench-first-frame", 0, 0, G_OPTION_ARG_NONE, &report_first_frame,
      "Print the time of the first frame and quit", NULL },
    { NULL }
  };

  application = adw_application_new ("io.github.crapette.BareWindow", G_APPLICATION_NON_UNIQUE);
  g_application_add_main_option_entries (G_APPLICATION (application), options);
  g_signal_connect (application, "activate", G_CALLBACK (on_activate_cb), NULL);
  return g_application_run (G_APPLICATION (application), argc, argv);
}
