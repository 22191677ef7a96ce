import type en from "./texts.en";

/** 演示库拒绝的操作（issue 52，docs/decisions/054）。 */
const setup: typeof en = {
  importRefusedOnDemo:
    "本平台运行的是演示数据，其账号密码是公开的：在邮件或短信会发给真实用户时，不能向其中导入真实展商。请在单独的数据库中创建正式展会（见 docs/operations.md）。",
  inviteRefusedOnDemo: "本平台运行的是演示数据，其账号密码是公开的：不会向真实地址发送邀请。请在单独的数据库中创建正式展会（见 docs/operations.md）。",
};

export default setup;
