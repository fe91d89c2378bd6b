; Almanac's additions to electron-builder's NSIS installer (build/electron-builder.config.cjs,
; nsis.include). Uninstalling removes the program only: the calendars, backups and logs in
; %APPDATA%\Almanac stay (deleteAppDataOnUninstall: false). The uninstaller says so — except when
; an update runs it to replace the old version (isUpdated), and without a window when silent (/SD).
!macro customUnInstall
  ${ifNot} ${isUpdated}
    MessageBox MB_OK|MB_ICONINFORMATION "Almanac is being removed from this computer.$\r$\n$\r$\nYour calendars, backups and logs stay in $APPDATA\Almanac: installing Almanac again finds them there. Delete that folder yourself if you no longer need them." /SD IDOK
  ${endIf}
!macroend
