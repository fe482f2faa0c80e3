; 编排 Bianpai — the Windows installer (NSIS 3, built by packaging/build-windows.sh with makensis).
; Installs bianpai.exe for the current user (no administrator rights; the default) or for every
; user of the laptop, with Start-menu and desktop shortcuts and the .bianpai file association.
; Its texts are Chinese (the default) or English. The uninstaller removes only what was
; installed: event files and the data folder (%APPDATA%\bianpai) stay.
;
; makensis -DVERSION=0.1.0 -DEXE=path\bianpai.exe -DICON=path\bianpai.ico
;          -DLICENSE=path\font-licence [-DDOCS=path\docs]
;          -DOUTFILE=path\setup.exe bianpai.nsi
; The installer's own switches: /S (silent), /CurrentUser or /AllUsers, /D=folder (last).

; A 64-bit installer for the 64-bit program (it also runs under a 64-bit-only wine).
Target amd64-unicode
ManifestDPIAware true
SetCompressor /SOLID lzma

!macro Required NAME
  !ifndef ${NAME}
    !error "define ${NAME} (see the header)"
  !endif
!macroend
!insertmacro Required VERSION
!insertmacro Required EXE
!insertmacro Required ICON
!insertmacro Required LICENSE
!insertmacro Required OUTFILE
; The arbiters' guide (the same text the window shows with F1), installed beside the program.
!ifndef DOCS
  !define DOCS "../../docs"
!endif

!define APP_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Bianpai"
!define PROGID "Bianpai.Event"

Name "$(AppName)"
OutFile "${OUTFILE}"
BrandingText "Bianpai ${VERSION}"

; Per user or for everyone (MultiUser.nsh): "Highest" asks an administrator for consent but
; lets a standard account install for itself without any; per user is the default for both.
!define MULTIUSER_EXECUTIONLEVEL Highest
!define MULTIUSER_MUI
!define MULTIUSER_INSTALLMODE_COMMANDLINE
!define MULTIUSER_INSTALLMODE_DEFAULT_CURRENTUSER
!define MULTIUSER_INSTALLMODE_INSTDIR "Bianpai"
!define MULTIUSER_USE_PROGRAMFILES64
; The uninstaller finds the mode and folder of the installation from its own entry.
!define MULTIUSER_INSTALLMODE_DEFAULT_REGISTRY_KEY "${APP_KEY}"
!define MULTIUSER_INSTALLMODE_DEFAULT_REGISTRY_VALUENAME "InstallLocation"
!define MULTIUSER_INSTALLMODE_INSTDIR_REGISTRY_KEY "${APP_KEY}"
!define MULTIUSER_INSTALLMODE_INSTDIR_REGISTRY_VALUENAME "InstallLocation"
!define MULTIUSER_INIT_TEXT_ALLUSERSNOTPOSSIBLE "$(AllUsersNotPossible)"
!include MultiUser.nsh
!include MUI2.nsh
!include x64.nsh

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_LANGDLL_ALLLANGUAGES
; The installer's language, for the uninstaller.
!define MUI_LANGDLL_REGISTRY_ROOT SHCTX
!define MUI_LANGDLL_REGISTRY_KEY "${APP_KEY}"
!define MUI_LANGDLL_REGISTRY_VALUENAME "Language"
!define MUI_FINISHPAGE_RUN "$INSTDIR\bianpai.exe"

!insertmacro MUI_PAGE_WELCOME
!insertmacro MULTIUSER_PAGE_INSTALLMODE
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH

!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

; The first language is the default when the system's is neither.
!insertmacro MUI_LANGUAGE "SimpChinese"
!insertmacro MUI_LANGUAGE "English"

LangString AppName ${LANG_SIMPCHINESE} "编排 Bianpai"
LangString AppName ${LANG_ENGLISH} "Bianpai 编排"
LangString ShortcutName ${LANG_SIMPCHINESE} "编排"
LangString ShortcutName ${LANG_ENGLISH} "Bianpai"
LangString FileTypeName ${LANG_SIMPCHINESE} "编排赛事文件"
LangString FileTypeName ${LANG_ENGLISH} "Bianpai event file"
LangString Needs64 ${LANG_SIMPCHINESE} "编排需要 64 位 Windows（Windows 10 或更新版本）。"
LangString Needs64 ${LANG_ENGLISH} "Bianpai needs 64-bit Windows (Windows 10 or later)."
LangString AllUsersNotPossible ${LANG_SIMPCHINESE} "此账户没有管理员权限，不能为本机所有用户安装；请选“只为我自己安装”。"
LangString AllUsersNotPossible ${LANG_ENGLISH} "This account has no administrator rights, so it cannot install for every user; install for yourself only."
LangString EventsStay ${LANG_SIMPCHINESE} "赛事文件（.bianpai）和数据文件夹 %APPDATA%\bianpai 会保留，不会删除。"
LangString EventsStay ${LANG_ENGLISH} "Event files (.bianpai) and the data folder %APPDATA%\bianpai are kept, not deleted."

VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=${LANG_ENGLISH} "ProductName" "Bianpai"
VIAddVersionKey /LANG=${LANG_ENGLISH} "FileDescription" "Bianpai installer"
VIAddVersionKey /LANG=${LANG_ENGLISH} "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "LegalCopyright" "Bianpai developers, MIT OR Apache-2.0"

Function .onInit
  ${IfNot} ${RunningX64}
    MessageBox MB_OK|MB_ICONSTOP "$(Needs64)" /SD IDOK
    Abort
  ${EndIf}
  SetRegView 64
  !insertmacro MULTIUSER_INIT
  ; Ask the language only when the installer is not silent.
  !insertmacro MUI_LANGDLL_DISPLAY
FunctionEnd

Function un.onInit
  SetRegView 64
  !insertmacro MULTIUSER_UNINIT
  !insertmacro MUI_UNGETLANGUAGE
FunctionEnd

Section "Bianpai" SecMain
  SectionIn RO
  SetOutPath "$INSTDIR"
  File "/oname=bianpai.exe" "${EXE}"
  File "/oname=bianpai.ico" "${ICON}"
  File "/oname=LICENSE-FONT.txt" "${LICENSE}"
  File "/oname=guide.zh.md" "${DOCS}/guide.zh.md"
  File "/oname=guide.en.md" "${DOCS}/guide.en.md"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  ; Shortcuts: the Start menu and the desktop of the user, or of everyone (SetShellVarContext
  ; was set by MultiUser).
  CreateShortcut "$SMPROGRAMS\$(ShortcutName).lnk" "$INSTDIR\bianpai.exe" "" "$INSTDIR\bianpai.ico" 0
  CreateShortcut "$DESKTOP\$(ShortcutName).lnk" "$INSTDIR\bianpai.exe" "" "$INSTDIR\bianpai.ico" 0

  ; .bianpai opens in the window, with the program's icon. SHCTX is HKCU per user, HKLM for
  ; everyone.
  WriteRegStr SHCTX "Software\Classes\.bianpai" "" "${PROGID}"
  WriteRegStr SHCTX "Software\Classes\.bianpai" "Content Type" "application/x-bianpai"
  WriteRegStr SHCTX "Software\Classes\${PROGID}" "" "$(FileTypeName)"
  WriteRegStr SHCTX "Software\Classes\${PROGID}\DefaultIcon" "" "$INSTDIR\bianpai.ico"
  WriteRegStr SHCTX "Software\Classes\${PROGID}\shell\open\command" "" '"$INSTDIR\bianpai.exe" "%1"'

  ; Apps & features.
  WriteRegStr SHCTX "${APP_KEY}" "DisplayName" "$(AppName)"
  WriteRegStr SHCTX "${APP_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr SHCTX "${APP_KEY}" "Publisher" "Bianpai"
  WriteRegStr SHCTX "${APP_KEY}" "DisplayIcon" "$INSTDIR\bianpai.ico"
  WriteRegStr SHCTX "${APP_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr SHCTX "${APP_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe" /$MultiUser.InstallMode'
  WriteRegStr SHCTX "${APP_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /$MultiUser.InstallMode /S'
  WriteRegDWORD SHCTX "${APP_KEY}" "NoModify" 1
  WriteRegDWORD SHCTX "${APP_KEY}" "NoRepair" 1

  ; Tell Explorer the associations changed (SHCNE_ASSOCCHANGED).
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
SectionEnd

Section "Uninstall"
  ; Only what the installer put there: no event file, no data folder.
  DetailPrint "$(EventsStay)"
  Delete "$INSTDIR\bianpai.exe"
  Delete "$INSTDIR\bianpai.ico"
  Delete "$INSTDIR\LICENSE-FONT.txt"
  Delete "$INSTDIR\guide.zh.md"
  Delete "$INSTDIR\guide.en.md"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"

  ; Both names: the shortcuts carry the installer's language, whatever the uninstaller's.
  Delete "$SMPROGRAMS\编排.lnk"
  Delete "$DESKTOP\编排.lnk"
  Delete "$SMPROGRAMS\Bianpai.lnk"
  Delete "$DESKTOP\Bianpai.lnk"

  ; The association only while it is still ours.
  ReadRegStr $0 SHCTX "Software\Classes\.bianpai" ""
  StrCmp $0 "${PROGID}" 0 +2
    DeleteRegKey SHCTX "Software\Classes\.bianpai"
  DeleteRegKey SHCTX "Software\Classes\${PROGID}"
  DeleteRegKey SHCTX "${APP_KEY}"
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'
SectionEnd
