# gtkw_check.tcl -- run by scripts/gtkw_check.sh inside GTKWave (gtkwave -S):
# reports what a user sees after opening a save file -- the marker times,
# the traces in display order and their values at the marker -- one
# "key value" line each, into the file named by $env(GTKW_CHECK_OUT).
set out [open $env(GTKW_CHECK_OUT) w]
puts $out "marker [gtkwave::getMarker]"
puts $out "named_marker_A [gtkwave::getNamedMarker A]"
puts $out "window [gtkwave::getWindowStartTime] [gtkwave::getWindowEndTime] zoom [gtkwave::getZoomFactor] width [gtkwave::getWaveWidth]"
set n [gtkwave::getTotalNumTraces]
puts $out "traces $n"
for {set i 0} {$i < $n} {incr i} {
  set name [gtkwave::getTraceNameFromIndex $i]
  set val [gtkwave::getTraceValueAtMarkerFromIndex $i]
  puts $out "trace $i {$name} {$val}"
}
close $out
gtkwave::/File/Quit
